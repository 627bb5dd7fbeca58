import BehaveCLI
import BehaveDemos

#if Remote
    import BehaveRemoteCLI

    // The same tool as behave, with fetching, signing and verifying linked in.
    // snippet: adopt-remote
    let options: [ToolOption] = [.flag("open-urls", help: DemoModules.openURLsHelp)]
    BehaveTool(name: "behave", remote: .linked, options: options) { given in
        DemoModules.all(openURLs: given.isSet("open-urls"))
    }.main()
// snippet end
#else
    // Built without the Remote trait (as scripts/sanitize builds): behave's commands, none that fetch.
    BehaveTool(name: "behave", options: [.flag("open-urls", help: DemoModules.openURLsHelp)]) { given in
        DemoModules.all(openURLs: given.isSet("open-urls"))
    }.main()
#endif
