import BehaveCLI
import BehaveDemos
import BehaveRemoteCLI

// The same tool as behave, with fetching, signing and verifying linked in.
// snippet: adopt-remote
BehaveTool(name: "behave", remote: .linked, options: [.flag("open-urls", help: DemoModules.openURLsHelp)]) { given in
    DemoModules.all(openURLs: given.isSet("open-urls"))
}.main()
// snippet end
