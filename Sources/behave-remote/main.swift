import BehaveCLI

// The same tool as behave, with fetching, signing and verifying linked in.
BehaveMain.main(remote: LinkedRemoteTools())
