import BehaveCLI
import BehaveDemos

// The demo modules; fetching, signing and verifying are not linked in: those commands are handed
// to behave-remote, so behave never loads the network and crypto code.
var tool = BehaveTool(name: "behave", remote: .handOff(to: "behave-remote")) { options in
    DemoModules.all(openURLs: options.openURLs)
}
tool.openURLsHelp = "Let MyThirdModule.openUrl launch xdg-open/open instead of printing 'open URL'."
tool.main()
