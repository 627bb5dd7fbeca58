import BehaveCLI

// The same tool as behave, with fetching, signing and verifying linked in, and like it on the
// main thread (`MainThreadExecutor`).
MainThreadExecutor.run { await BehaveMain.run(remote: LinkedRemoteTools()) }
