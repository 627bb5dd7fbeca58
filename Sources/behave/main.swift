import BehaveCLI

// Fetching, signing and verifying are not linked in: those commands are handed to behave-remote.
// The tool runs on the main thread (`MainThreadExecutor`), so a script that never waits runs in a
// single-threaded process, as it would in lua5.4.
MainThreadExecutor.run { await BehaveMain.run(remote: nil) }
