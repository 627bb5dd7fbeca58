import BehaveCLI
import BehaveDemos

#if Remote
    import BehaveRemoteCLI

    // The same tool as behave, with fetching, signing and verifying linked in; the keynote's votes
    // go to the pub/sub server with --vote-url.
    // snippet: adopt-remote
    let options: [ToolOption] = [
        .flag("open-urls", help: DemoModules.openURLsHelp),
        .value("vote-url", valueName: "url", help: DemoModules.voteURLHelp, needsRemoteTools: true),
        .value("voter", valueName: "id", help: DemoModules.voterHelp, accepts: DemoModules.isVoter),
    ]
    BehaveTool(name: "behave", remote: .linked, options: options) { given in
        let votes = given["vote-url"].map { url in
            PublishedVotes(
                url: url, voter: given["voter"] ?? PublishedVotes.randomVoter(), connection: given.connection)
        }
        return DemoModules.all(openURLs: given.isSet("open-urls"), votes: votes)
    }.main()
// snippet end
#else
    // Built without the Remote trait (as scripts/sanitize builds): behave's commands, none that fetch.
    BehaveTool(name: "behave", options: [.flag("open-urls", help: DemoModules.openURLsHelp)]) { given in
        DemoModules.all(openURLs: given.isSet("open-urls"))
    }.main()
#endif
