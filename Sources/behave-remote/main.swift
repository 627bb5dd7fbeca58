import BehaveCLI
import BehaveDemos
import BehaveRemoteCLI

// The same tool as behave, with fetching, signing and verifying linked in.
// snippet: adopt-remote
BehaveTool(name: "behave", remote: .linked) { options in
    DemoModules.all(openURLs: options.openURLs)
}.main()
// snippet end
