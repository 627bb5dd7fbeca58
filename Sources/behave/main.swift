import BehaveCLI
import BehaveDemos

// The demo modules; fetching, signing and verifying are not linked in: those commands are handed
// to behave-remote, so behave never loads the network and crypto code.
BehaveTool(
    name: "behave", remote: .handOff(to: "behave-remote"),
    options: [.flag("open-urls", help: DemoModules.openURLsHelp)]
) { given in
    DemoModules.all(openURLs: given.isSet("open-urls"))
}.main()
