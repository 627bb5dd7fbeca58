import BehaveCLI

// Fetching, signing and verifying are not linked in: those commands are handed to behave-remote.
BehaveMain.main(remote: nil)
