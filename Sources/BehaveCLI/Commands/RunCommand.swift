import ArgumentParser
import Behave
import BehavePlatform

/// `behave run FILE`: runs a JSON action list or a Lua script.
struct RunCommand: RemoteCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "run",
            abstract: "Run a behaviour: a JSON action list or a Lua script (detected by extension, then content).",
            discussion: """
                A behaviour runs until it calls stop(), fails, or nothing can happen any more (no timer, \
                no action in flight, no event still to come).
                """ + BehaveTool.current.optionsHelp(beforeScript: true)
        )
    }

    @Argument(
        parsing: RunCommand.optionsFollowURL ? .remaining : .captureForPassthrough,
        help: ArgumentHelp(
            "The behaviour (a file, - for stdin, or an https:// URL) and the script's arguments: options stop at the script, as lua's do, so everything after it is the script's (`...` and `arg`).",
            valueName: "script [args]"),
        completion: .file(extensions: ["lua", "json"])
    )
    var script: [String] = []

    @Option(
        name: .customShort("e", allowingJoined: true),
        help: ArgumentHelp(
            "Runs CODE, a Lua chunk, before the script or in place of it (repeatable).", valueName: "stat"))
    var code: [CommandLineChunk] = []

    @Option(
        name: .customShort("l", allowingJoined: true),
        help: ArgumentHelp(
            "Requires module MOD into the global MOD, or G with G=MOD, through the sandbox's require (repeatable).",
            valueName: "mod"))
    var libraries: [CommandLineChunk] = []

    @Flag(name: .customShort("i"), help: "Enters the REPL after running the script (or -e), as lua -i does.")
    var interactive = false

    @Flag(name: .customShort("v"), help: "Prints the version first.")
    var showVersion = false

    @Flag(name: .customShort("E"), help: "Ignores LUA_INIT_5_4 and LUA_INIT (read only with --trusted).")
    var ignoreEnvironment = false

    @Flag(name: .customShort("W"), help: "Turns Lua's warnings on.")
    var warnings = false

    @Option(
        help: ArgumentHelp(
            "Writes a JSON line for each module action (time, arguments, results or error, duration), event delivered and timer fired to FILE as they happen; - for stderr.",
            valueName: "file"))
    var trace: String?

    @Option(
        help: ArgumentHelp(
            "Records what the run consumes (events, action calls and their answers, clock, seed) to FILE, which `replay` runs again exactly.",
            valueName: "file"))
    var record: String?

    @Option(
        help: ArgumentHelp(
            "The recording's byte cap (default 16MiB): past it, the start and the latest entries are kept and the cut is counted.",
            valueName: "bytes"))
    var recordLimit: ByteCount?

    @Flag(help: "Run again whenever the behaviour, or a file it required, changes; Ctrl-C stops.")
    var watch = false

    @Flag(help: "Unknown modules and actions are errors, reported before anything runs.")
    var strict = false

    @Option(
        help: ArgumentHelp(
            "Events to deliver: a JSON-lines file of {\"event\": NAME, \"data\": …, \"after\": SECONDS}, - to read them from stdin as they come, or a pub/sub server's https:// (server-sent events) or wss:// (WebSocket) URL.",
            valueName: "file|url"))
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

    @OptionGroup(title: "Store") var storeOptions: StoreOptions

    @OptionGroup(title: "Remote behaviours", visibility: BehaveTool.current.remoteHelpVisibility) var remote:
        RemoteOptions

    var needsRemoteTools: Bool {
        (file.map(Behaviour.isRemote) ?? false) || (events.map(RunInvocation.isLiveEvents) ?? false)
    }

    /// Whether options may follow the behaviour, as before lua's command line: for an https://
    /// URL, which no lua runs and whose remote options are usually written after it. Set, and the
    /// command line parsed again, only when the first parse found a URL (``BehaveMain``).
    nonisolated(unsafe) static var optionsFollowURL = false

    /// The script: the first word of `script` (after a `--` that ends the options), or nil.
    var file: String? { script.first == "--" ? script.dropFirst().first : script.first }

    /// The words after the script, all of them the script's.
    var scriptArguments: [String] { Array(script.drop { $0 == "--" }.dropFirst()) }

    func validate() throws {
        // The parser leaves help to the captured words when it comes first: it is still help.
        if script.first == "--help" || script.first == "-h" { throw CleanExit.helpRequest(self) }
        // An option the parser does not know starts the captured words: it is no script.
        if let first = script.first, first.hasPrefix("-"), first != "-", first != "--" {
            throw ValidationError("Unknown option '\(first)'")
        }
        if remote.activation != .nextLaunch || remote.pollInterval != nil,
            !(events.map(RunInvocation.isLiveEvents) ?? false) || !(file.map(Behaviour.isRemote) ?? false)
        {
            throw ValidationError("--activate and --poll keep a behaviour's URL current while it follows --events URL")
        }
        // A cap of nothing would keep nothing, and the file asked for would never be written.
        if let recordLimit, recordLimit.bytes <= 0 {
            throw ValidationError("--record-limit must be at least 1 byte, not \(recordLimit.text)")
        }
        if watch && (file == nil || file == "-" || Behaviour.isRemote(file ?? "")) {
            throw ValidationError("--watch watches a behaviour file: not -e, stdin or a URL")
        }
    }

    func run(with tools: (any RemoteTools)?) async throws {
        BehaveTool.given.connection = ModuleConnection(remote)
        if showVersion { StandardError.write(BehaveTool.current.versionLine + "\n", to: 1) }
        // Nothing to run: lua's REPL on a terminal (or with -i), else what stdin holds.
        if file == nil && code.isEmpty && libraries.isEmpty && (showVersion ? interactive : true) {
            guard interactive || Terminal.isTerminal(0) else {
                return try await invocation(file: "-").execute(remote: remote, tools: tools)
            }
            return try await repl(preload: nil).run()
        }
        if interactive && file == nil && !(code.isEmpty && libraries.isEmpty) {
            throw ValidationError("-i with -e or -l needs a script: -i FILE runs FILE, then prompts")
        }
        if interactive, let file { return try await repl(preload: file).run() }
        if file == nil && code.isEmpty && libraries.isEmpty { return }
        try await invocation.execute(remote: remote, tools: tools)
    }

    /// The REPL with this command's options, after `preload` if any.
    private func repl(preload: String?) throws -> ReplCommand {
        var repl = try ReplCommand.parse([])
        repl.sandbox = sandbox
        repl.storeOptions = storeOptions
        repl.contextEntries = contextEntries
        repl.preload = preload
        return repl
    }

    /// What this command line asks for, as a plain value.
    var invocation: RunInvocation { invocation(file: file) }

    private func invocation(file: String?) -> RunInvocation {
        let program = CommandLineProgram(
            code: code, libraries: libraries, warnings: warnings, trusted: sandbox.trusted,
            ignoreEnvironment: ignoreEnvironment, environment: Platform.environment)
        // One -e alone runs as the behaviour itself (a syntax error in it is exit 65, as a script's).
        let single = file == nil && libraries.isEmpty && code.count == 1 && program.chunks.count == 1
        return RunInvocation(
            file: file ?? RunInvocation.commandLineName, code: single ? code[0].text : nil,
            program: single ? CommandLineProgram() : program, scriptArguments: scriptArguments, trace: trace,
            record: record, recordLimit: recordLimit?.bytes ?? RecordingFile.defaultLimit, watch: watch, strict: strict,
            events: events, fast: fast,
            context: contextEntries, policy: sandbox.policy, store: storeOptions.store)
    }
}
