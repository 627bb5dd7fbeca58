import ArgumentParser
import Behave
import BehavePlatform

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

    @Argument(
        help:
            "The behaviour: a file, - for stdin, or an https:// URL (fetched through the cache; see the remote options).",
        completion: .file(extensions: ["lua", "json"])
    )
    var file: String?

    @Argument(
        help:
            "Arguments for the script (as `...`, and `arg` with --trusted); after `--` they may start with a dash.")
    var scriptArguments: [String] = []

    @Option(
        name: .customShort("e"),
        help: ArgumentHelp(
            "Runs CODE, a Lua chunk, in place of a FILE (repeatable: one chunk per line).", valueName: "code"))
    var code: [String] = []

    @Option(
        help: ArgumentHelp(
            "Writes a JSON line for each module action (time, arguments, results or error, duration), event delivered and timer fired to FILE as they happen; - for stderr.",
            valueName: "file"))
    var trace: String?

    @Flag(help: "Run again whenever the behaviour, or a file it required, changes; Ctrl-C stops.")
    var watch = false

    @Flag(help: "Unknown modules and actions are errors, reported before anything runs.")
    var strict = false

    @Option(
        help: ArgumentHelp(
            "Events to deliver: a JSON-lines file of {\"event\": NAME, \"data\": …, \"after\": SECONDS}, or - to read them from stdin as they come.",
            valueName: "file"))
    var events: String?

    @Flag(
        help: "Run on a virtual clock: waits, timers and the events file's delays take no real time, in the same order."
    )
    var fast = false

    @Option(
        name: .customLong("context"),
        help: ArgumentHelp(
            "Adds KEY=VALUE to the script's read-only `context` table (repeatable).", valueName: "key=value"))
    var contextEntries: [ContextEntry] = []

    @OptionGroup var sandbox: SandboxOptions

    @OptionGroup(title: "Remote behaviours") var remote: RemoteOptions

    var needsRemoteTools: Bool { file.map(Behaviour.isRemote) ?? false }

    func validate() throws {
        if !code.isEmpty && file != nil {
            throw ValidationError("-e runs its code in place of a FILE: give one or the other")
        }
        if code.isEmpty && file == nil { throw ValidationError("Missing expected argument '<file>'") }
        if watch && (file == nil || file == "-" || Behaviour.isRemote(file ?? "")) {
            throw ValidationError("--watch watches a behaviour file: not -e, stdin or a URL")
        }
    }

    func run(with tools: (any RemoteTools)?) async throws {
        try await invocation.execute(remote: remote, tools: tools)
    }

    /// What this command line asks for, as a plain value.
    var invocation: RunInvocation {
        RunInvocation(
            file: file ?? RunInvocation.commandLineName, code: code.isEmpty ? nil : code.joined(separator: "\n"),
            scriptArguments: scriptArguments, trace: trace, watch: watch, strict: strict, events: events, fast: fast,
            context: contextEntries, policy: sandbox.policy, openURLs: sandbox.openURLs)
    }
}
