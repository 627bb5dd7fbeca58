import ArgumentParser
import Behave
import BehavePlatform

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
    /// The tool's own options, for its modules: listed in the help of `run`, `test` and `repl`,
    /// given to ``modules`` as ``ModuleOptions``. `behave` has one, `--open-urls`.
    public var options: [ToolOption]

    /// A tool named `name` with its own `options` and the modules `modules` makes from what the
    /// command line gave them.
    public init(
        name: String, version: String? = nil, remote: RemoteSupport = .none, options: [ToolOption] = [],
        modules: @escaping @Sendable (ModuleOptions) -> [any BehaveModule]
    ) {
        self.name = name
        self.version = version
        self.remote = remote
        self.options = options
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
    /// An option of ``options`` that cannot be one (a malformed name, one of Behave's) stops the
    /// tool before anything is parsed: exit 70, naming it.
    public func main() -> Never {
        for (index, option) in options.enumerated() {
            let twice =
                options[..<index].contains { $0.name == option.name } ? "--\(option.name) is declared twice" : nil
            guard let problem = option.problem ?? twice else { continue }
            StandardError.write("\(name): the tool's option \(problem)\n")
            exit(BehaveExit.software)
        }
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

    /// The help's paragraph on ``options`` (in `run`, `test` and `repl`), after a blank line;
    /// empty when the tool has none. A line each, as the discussion is wrapped without indents;
    /// `beforeScript` says where `run` reads them.
    func optionsHelp(beforeScript: Bool = false) -> String {
        guard !options.isEmpty else { return "" }
        let lines = options.map { "\($0.synopsis): \($0.help)" }
        let place = beforeScript ? ", before the script as the options below" : ""
        return "\n\nThe options of \(name)'s modules\(place):\n" + lines.joined(separator: "\n")
    }

    /// Where the tool keeps the last good copies of remote behaviours unless told otherwise: a
    /// directory named after it in the user's cache directory, so two tools never share copies.
    package var cacheDirectory: String { Platform.userCacheDirectory + "/" + name }

    /// How the help names ``cacheDirectory``.
    var cacheDirectoryHelp: String { Platform.userCacheDirectoryText(name) }

    /// The remote options' visibility in the help.
    var remoteHelpVisibility: ArgumentVisibility { canFetch ? .default : .hidden }

    /// The tool this process runs. Set once by ``main()`` before any command is parsed and
    /// before any other thread starts, and only read after that.
    nonisolated(unsafe) package static var current = BehaveTool(name: "behave", modules: [])

    /// What the command line gave ``options``. Set once by ``BehaveMain`` before the command
    /// runs, and only read after that.
    nonisolated(unsafe) package static var given = ModuleOptions()
}
