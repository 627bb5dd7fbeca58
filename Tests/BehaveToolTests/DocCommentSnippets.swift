import Behave
import BehaveCLI
import Foundation

#if Remote
    import BehaveRemoteCLI
#endif

/// The examples of BehaveCLI's and BehaveRemoteCLI's doc comments, verbatim between
/// `// snippet:` and `// snippet end` (DocCommentTests compares them). Each starts a tool and never
/// returns, so they are compiled, not called: the tool tests run the built `behave` and
/// `behave-remote`, which make the same calls, and Examples/Ticketing builds a team's tool.
enum ToolDocCommentSnippets {
    /// A team's module and the desk it talks to, as the examples name them.
    struct LiveDesk: Sendable {}
    struct Ticketing: BehaveModule {
        let name = "Ticketing"
        var doc: String { "Tickets" }
        var actions: [Action] { [] }
        init(desk: LiveDesk = LiveDesk()) {}
    }

    static func behaveTool() -> Never {
        // snippet: BehaveTool
        BehaveTool.main(name: "ticketing", version: "1.4.0", modules: [Ticketing(desk: LiveDesk())])
        // snippet end
    }

    #if Remote
        static func linked() -> Never {
            // snippet: RemoteSupport.linked
            BehaveTool.main(name: "ticketing", modules: [Ticketing()], remote: .linked)
            // snippet end
        }
    #endif

    static func behaveMain() -> Never {
        // snippet: BehaveMain
        BehaveMain.main(remote: nil)  // behave; behave-remote passes its tools
        // snippet end
    }

    static func mainThreadExecutor(work: @escaping @Sendable () async -> Never) -> Never {
        // snippet: MainThreadExecutor
        MainThreadExecutor.run { await work() }  // as BehaveMain.main does
        // snippet end
    }

    static func toolOptions() -> [ToolOption] {
        // snippet: ToolOption
        let options: [ToolOption] = [
            .flag("open-urls", help: "Let Browser.open launch the browser instead of printing the URL."),
            .value("region", valueName: "code", help: "The desk's region.") { ["eu", "us"].contains($0) },
        ]
        // snippet end
        return options
    }

    static func moduleOptions() -> (Bool, String) {
        // snippet: ModuleOptions
        let given = ModuleOptions(flags: ["open-urls"], values: ["region": ["eu"]])
        let opensURLs = given.isSet("open-urls")  // true
        let region = given["region"] ?? "eu"  // "eu"
        // snippet end
        return (opensURLs, region)
    }

    static func moduleConnection(_ given: ModuleOptions) -> ([String], String) {
        // snippet: ModuleConnection
        let headers = given.connection.headers.map { "\($0.name): \($0.value)" }
        let authorities = given.connection.certificateAuthorities ?? "the system's"
        // snippet end
        return (headers, authorities)
    }
}
