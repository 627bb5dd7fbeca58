import BehaveCLI
import BehaveDemos

// The demo modules; fetching, signing and verifying are not linked in: those commands are handed
// to behave-remote, so behave never loads the network and crypto code. So is a run with
// --vote-url, whose votes go over the network.
BehaveTool(
    name: "behave", remote: .handOff(to: "behave-remote"),
    options: [
        .flag("open-urls", help: DemoModules.openURLsHelp),
        .value("vote-url", valueName: "url", help: DemoModules.voteURLHelp, needsRemoteTools: true),
        .value("voter", valueName: "id", help: DemoModules.voterHelp, accepts: DemoModules.isVoter),
    ]
) { given in
    DemoModules.all(openURLs: given.isSet("open-urls"))
}.main()
