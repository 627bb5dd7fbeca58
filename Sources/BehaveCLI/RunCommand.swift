import ArgumentParser
import Behave
import CLua
#if canImport(Glibc)
import Glibc
#endif

/// `behave run FILE`: runs a JSON action list or a Lua script.
struct RunCommand: RemoteCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a behaviour: a JSON action list or a Lua script (detected by extension, then content).",
        discussion: """
            A behaviour runs until it calls stop(), fails, or nothing can happen any more (no timer, \
            no action in flight, no event still to come).
            """
    )

    @Argument(help: "The behaviour: a file, or an https:// URL (fetched through the cache; see the remote options).")
    var file: String

    @Argument(parsing: .postTerminator, help: "Arguments for the script, after `--` (as `...`, and `arg` with --trusted).")
    var scriptArguments: [String] = []

    @Flag(help: "Unknown modules and actions are errors, reported before anything runs.")
    var strict = false

    @Option(help: ArgumentHelp("Events to deliver: a JSON-lines file of {\"event\": NAME, \"data\": …, \"after\": SECONDS}, or - to read them from stdin as they come.", valueName: "file"))
    var events: String?

    @Flag(help: "Run on a virtual clock: waits, timers and the events file's delays take no real time, in the same order.")
    var fast = false

    @Option(name: .customLong("context"), help: ArgumentHelp("Adds KEY=VALUE to the script's read-only `context` table (repeatable).", valueName: "key=value"))
    var contextEntries: [ContextEntry] = []

    @OptionGroup var sandbox: SandboxOptions

    @OptionGroup(title: "Remote behaviours") var remote: RemoteOptions

    var needsRemoteTools: Bool { Behaviour.isRemote(file) }

    func run(with tools: (any RemoteTools)?) async throws {
        try await invocation.execute(remote: remote, tools: tools)
    }

    /// What this command line asks for, as a plain value.
    var invocation: RunInvocation {
        RunInvocation(file: file, scriptArguments: scriptArguments, strict: strict, events: events, fast: fast,
                      context: contextEntries, policy: sandbox.policy, openURLs: sandbox.openURLs)
    }
}

/// Flushing Swift's buffered stdout before writing to stderr or exiting.
enum StandardOutput {
    static func flush() { fflush(nil) }  // nil flushes every output stream, stdout included
}

/// Ctrl-C cancels the running behaviour through the sandbox's own mechanism.
enum Interrupts {
    nonisolated(unsafe) static var flag: UnsafeMutablePointer<Int32>?
    nonisolated(unsafe) static var handles: [Cancellation] = []

    static func route(to cancellation: Cancellation) {
        handles.append(cancellation)  // keeps the flag alive for the handler
        flag = cancellation.flagPointer
        signal(SIGINT) { _ in
            if let flag = Interrupts.flag { behave_set_flag(flag) }
        }
    }
}

/// One `--context KEY=VALUE`.
struct ContextEntry: ExpressibleByArgument, Equatable {
    var key: String
    var value: String

    init?(argument: String) {
        guard let equals = argument.firstIndex(of: "="), equals > argument.startIndex else { return nil }
        key = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
    }

    /// What the tool tells every behaviour about where it runs.
    static var defaults: [String: PlainValue] {
        #if os(Linux)
        let platform = "linux"
        #elseif os(macOS)
        let platform = "macos"
        #else
        let platform = "other"
        #endif
        let locale = getenv("LC_ALL").map { String(cString: $0) } ?? getenv("LANG").map { String(cString: $0) } ?? "C"
        return ["platform": .string(platform), "app": "behave", "version": .string(BehaveVersion.current),
                "locale": .string(locale.isEmpty ? "C" : locale)]
    }
}

/// The tool's version.
enum BehaveVersion {
    static let current = "0.2.0"
}
