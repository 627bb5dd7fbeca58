import ArgumentParser
import Behave

/// A command-line tool with every `behave` command — `run`, `repl`, `check`, `translate`,
/// `modules`, `schema`, and `keygen`, `sign` and `verify` — that knows your modules.
///
/// A team's executable target is a `main.swift` that imports `BehaveCLI` and makes one call:
///
/// ```swift
/// BehaveTool.main(name: "ticketing", version: "1.4.0", modules: [Ticketing(desk: LiveDesk())])
/// ```
///
/// The `behave` executable itself is built this way, with the demo modules. Fetching, signing and
/// verifying need ``RemoteSupport/linked`` from `BehaveRemoteCLI`; without it the tool says so.
public struct BehaveTool: Sendable {
    /// The tool's name: its usage lines, its messages' prefix, `context.app` in behaviours.
    public var name: String
    /// The tool's own version, printed by `--version` before Behave's and Lua's, if any.
    public var version: String?
    /// The modules every host of the tool registers, made afresh for each host.
    public var modules: @Sendable (ModuleOptions) -> [any BehaveModule]
    /// How the tool fetches, signs and verifies.
    public var remote: RemoteSupport
    /// What `--open-urls` lets the tool's modules do, for its help; nil (no module opens URLs)
    /// hides the option.
    public var openURLsHelp: String?

    /// A tool named `name` with the modules `modules` makes.
    public init(
        name: String, version: String? = nil, remote: RemoteSupport = .none,
        modules: @escaping @Sendable (ModuleOptions) -> [any BehaveModule]
    ) {
        self.name = name
        self.version = version
        self.remote = remote
        self.modules = modules
    }

    /// A tool named `name` with `modules`, made afresh for each host.
    public init(
        name: String, version: String? = nil, remote: RemoteSupport = .none,
        modules: @autoclosure @escaping @Sendable () -> [any BehaveModule]
    ) {
        self.init(name: name, version: version, remote: remote) { _ in modules() }
    }

    /// Parses the process's command line, runs the command and exits with its documented code.
    public func main() -> Never {
        BehaveTool.current = self
        BehaveMain.main(remote: remote.tools)
    }

    /// Runs a tool named `name` with `modules`: `BehaveTool(…).main()` in one call.
    public static func main(
        name: String, version: String? = nil, modules: @autoclosure @escaping @Sendable () -> [any BehaveModule],
        remote: RemoteSupport = .none
    ) -> Never {
        BehaveTool(name: name, version: version, remote: remote, modules: modules()).main()
    }

    /// What `--version` prints: `behave 0.3.0 (Lua 5.4.4)`, or for a tool of its own
    /// `ticketing 1.4.0 (Behave 0.3.0, Lua 5.4.4)`.
    public var versionLine: String {
        if name == "behave" && version == nil { return "behave \(BehaveVersion.current) (\(BehaveVersion.lua))" }
        let own = version.map { " " + $0 } ?? ""
        return "\(name)\(own) (Behave \(BehaveVersion.current), \(BehaveVersion.lua))"
    }

    /// Whether the tool fetches, signs and verifies (``RemoteSupport/none`` does not): its help
    /// shows the remote options, commands and exit codes only then.
    var canFetch: Bool {
        if case .unavailable = remote.kind { return false }
        return true
    }

    /// The remote options' visibility in the help.
    var remoteHelpVisibility: ArgumentVisibility { canFetch ? .default : .hidden }

    /// The tool this process runs. Set once by ``main()`` before any command is parsed and
    /// before any other thread starts, and only read after that.
    nonisolated(unsafe) package static var current = BehaveTool(name: "behave", modules: [])
}
