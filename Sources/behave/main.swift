import BehaveCLI

// Fetching, signing and verifying are not linked in: those commands are handed to behave-remote.
await BehaveMain.run(remote: nil)
