import BehaveCLI

// The same tool as behave, with fetching, signing and verifying linked in.
await BehaveMain.run(remote: LinkedRemoteTools())
