import ArgumentParser
import Behave
import BehavePlatform

/// What `behave run` does, as a plain value: built from the parsed command line by ``RunCommand``,
/// or with its defaults for the plain `behave run FILE`, which ``BehaveMain`` runs without
/// ArgumentParser, whose reflection over the command's options would weigh on the start of every
/// one-line script (docs/performance.md, "Process start").
struct RunInvocation: Equatable {
    var file: String
    /// A lone `-e` chunk: the behaviour in place of `file`.
    var code: String?
    /// What runs before the script, or in its place when there is none (`-e`, `-l`, `-W`, `LUA_INIT`).
    var program = CommandLineProgram()
    var scriptArguments: [String] = []
    /// `--trace FILE`: where the trace's JSON lines go (`-` for stderr).
    var trace: String?
    /// `--record FILE`: where the run's recording goes.
    var record: String?
    /// `--record-limit`: the recording's byte cap.
    var recordLimit = RecordingFile.defaultLimit
    /// `--watch`: run again when the behaviour or a file it required changes.
    var watch = false
    var strict = false
    var events: String?
    var fast = false
    var context: [ContextEntry] = []
    var policy = SandboxPolicy()
    /// Where the behaviour keeps what it stores (`--store-dir`, `--store-quota`).
    var store = StoreOptions.store()

    /// Runs the behaviour; throws the exit code when it is not 0. `remote` is nil on the plain path,
    /// whose file is never a URL.
    func execute(remote: RemoteOptions?, tools: (any RemoteTools)?) async throws(ExitCode) {
        guard watch else {
            var required: [String] = []
            return try await executeOnce(remote: remote, tools: tools, required: &required)
        }
        try await FileWatch.repeating { (files: inout [String]) async throws(ExitCode) in
            var required: [String] = []
            defer { files = [file] + required }
            try await executeOnce(remote: remote, tools: tools, required: &required)
        }
    }

    /// One run; `required` gets the files the behaviour required, even when it fails.
    private func executeOnce(
        remote: RemoteOptions?, tools: (any RemoteTools)?, required: inout [String]
    ) async throws(ExitCode) {
        let (firstTimeline, channel, stopEvents) = try eventsToDeliver(remote: remote, tools: tools)
        // A live connection lasts the run: `--watch` makes a new one for each.
        defer { stopEvents?() }
        let host = try ToolHost.make(policy: policy, clock: fast ? VirtualClock() : SystemClock(), store: store)
        defer { required = host.requiredFiles }
        // The script and its arguments end the command line (options stop at the script): what
        // comes before them is `arg`'s negative indices, the program's name first, as lua has it.
        if file != Self.commandLineName {
            host.interpreterArguments = Array(CommandLine.arguments.dropLast(scriptArguments.count + 1))
        }
        for entry in context { host.context[entry.key] = .string(entry.value) }
        // A remote copy's failing first run is quarantined with its recording.
        host.recordingLimit = record != nil || Behaviour.isRemote(file) ? recordLimit : 0
        var loaded = try await load(checkingWith: host, remote: remote, tools: tools, live: channel != nil)
        if let trace { try TraceOutput.create(trace, limit: policy.limits.output).attach(host) }
        Interrupts.route(to: host.cancellation)
        if let channel { loaded.live?.attach(channel) }
        defer { loaded.live?.stop() }
        var timeline = firstTimeline
        // Each copy runs on the same channel: one that took over, or the one before it after a
        // copy that took over failed (a failed handler hands the channel straight back).
        while true {
            // A copy on its first run since it took over goes back at its first failed handler.
            let handBack: @Sendable () -> Void = { _ = channel?.handOver(.now) }
            host.onTaskFailure = loaded.tookOver && loaded.keepsFailingRecording ? handBack : nil
            let report: RunReport
            do {
                report = try await host.run(
                    loaded.behaviour, strict: strict, arguments: scriptArguments, scriptName: file,
                    events: channel, timeline: timeline)
            } catch {
                // An interrupted copy did not fail: it is not quarantined. Nor is one the duration
                // limit stopped: the limit is the whole run's, and ends it whichever copy runs.
                guard loaded.tookOver, !Interrupts.cancelled, !Self.endsTheRun(error) else {
                    throw await failed(error, loaded: loaded, host: host)
                }
                // Said as any failed run says it, before the copy before it runs again.
                let code = BehaveExit.report(error)
                if await rollBack(&loaded, because: String(error.description.prefix { $0 != "\n" }), host: host) {
                    timeline = []
                    continue
                }
                throw await failed(error, loaded: loaded, host: host, code: code)
            }
            timeline = []
            if report.finish == .handedOver, let live = loaded.live {
                if report.failedTasks > 0, loaded.tookOver,
                    await rollBack(&loaded, because: Self.failures(report.failedTasks), host: host)
                {
                    continue
                }
                // With no copy to take over (one that cannot be made current), the same copy runs again.
                if let next = live.takeOver(ranWell: report.failedTasks == 0) { loaded = withProgram(next) }
                continue
            }
            return try await conclude(report, loaded: loaded, host: host)
        }
    }

    /// Whether `error` is the whole run's duration limit, which no rollback lifts.
    private static func endsTheRun(_ error: BehaveError) -> Bool {
        if case .terminated(let lua) = error, case .limit(.duration) = lua.kind { true } else { false }
    }

    /// "a handler or timer failed", "3 handlers or timers failed".
    private static func failures(_ count: Int) -> String {
        count == 1 ? "a handler or timer failed" : "\(count) handlers or timers failed"
    }

    /// `loaded`, which took over while the tool ran and has now failed, is quarantined with its
    /// recording and replaced by the copy before it: true. False when there is none to run: the
    /// failure is then the run's.
    private func rollBack(_ loaded: inout LoadedBehaviour, because reason: String, host: BehaveHost) async -> Bool {
        guard let live = loaded.live else { return false }
        try? BehaveExit.flushOutput()
        let recording = await RecordingFile.completed(host, wanted: true)
        guard let previous = live.rollBack(because: reason, recording: recording) else { return false }
        loaded = withProgram(previous)
        return true
    }

    /// `loaded` with the `-e`, `-l` and `-W` program run before it, as the first copy had it.
    private func withProgram(_ loaded: LoadedBehaviour) -> LoadedBehaviour {
        guard !program.isEmpty, file != Self.commandLineName, loaded.behaviour.format == .lua else { return loaded }
        var prepared = loaded
        prepared.behaviour = program.before(loaded.behaviour)
        return prepared
    }

    /// A run that threw: its recording is written, the copy's failure reported; the exit code.
    private func failed(_ error: BehaveError, loaded: LoadedBehaviour, host: BehaveHost, code: ExitCode? = nil) async
        -> ExitCode
    {
        let code = code ?? BehaveExit.report(error)
        let recording = await RecordingFile.completed(host, wanted: record != nil || loaded.keepsFailingRecording)
        try? RecordingFile.write(recording, to: record)
        if !Interrupts.cancelled {
            loaded.afterFailure?(String(error.description.prefix { $0 != "\n" }), recording)
        }
        _ = await AfterRun.finish(loaded.afterRun)
        return code
    }

    /// A run that ended: its output and recording written, its warnings said; throws the exit code
    /// when it is not 0.
    private func conclude(_ report: RunReport, loaded: LoadedBehaviour, host: BehaveHost) async throws(ExitCode) {
        // The output is written first: a background fetch never holds it (AfterRun), nor does
        // completing the recording.
        try BehaveExit.flushOutput()
        let recording = await RecordingFile.completed(
            host, wanted: record != nil || (report.failedTasks > 0 && loaded.keepsFailingRecording))
        if report.failedTasks > 0 { loaded.afterFailure?(Self.failures(report.failedTasks), recording) }
        // Written before the copy's verdict is settled, reported after it: a recording that cannot
        // be written does not make a copy that ran well look otherwise.
        let recorded = Result { () throws(ExitCode) in try RecordingFile.write(recording, to: record) }
        if await AfterRun.finish(loaded.afterRun) == .interrupted { throw ExitCode(Interrupts.exitCode) }
        try recorded.get()
        if case .completed(let waiting) = report.finish, waiting > 0 {
            StandardError.write(
                "\(BehaveTool.current.name): warning: finished with \(waiting) task\(waiting == 1 ? "" : "s") "
                    + "waiting for an event that can no longer arrive\n")
        }
        if report.unhandledEvents > 0, let first = report.firstUnhandledEvent {
            let more = report.unhandledEvents - 1
            StandardError.write(
                "\(BehaveTool.current.name): warning: no handler or waiter wanted event \(first)"
                    + (more > 0 ? ", nor \(more) more event\(more == 1 ? "" : "s")" : "") + "; dropped\n")
        }
        if report.failedTasks > 0 {
            StandardError.write(
                "\(BehaveTool.current.name): \(report.failedTasks) handler\(report.failedTasks == 1 ? "" : "s") or timer\(report.failedTasks == 1 ? "" : "s") failed\n"
            )
            throw ExitCode(BehaveExit.scriptError)
        }
        if loaded.successCode != BehaveExit.success { throw ExitCode(loaded.successCode) }
    }

    /// The events the run gets: stdin's lines as they come (`--events -`), or an events file's, each
    /// at its time.
    private func eventsToDeliver(remote: RemoteOptions?, tools: (any RemoteTools)?) throws(ExitCode) -> (
        timeline: [TimedEvent], channel: EventChannel?, stop: (@Sendable () -> Void)?
    ) {
        if events == "-" { return ([], StdinEvents.start(lineLimit: policy.limits.input), nil) }
        guard let events else { return ([], nil, nil) }
        if Self.isLiveEvents(events) {
            // The plain path never sees a URL; the parsed command hands one to behave-remote.
            guard let tools, let remote else { throw ExitCode(BehaveExit.nothingRan) }
            let channel = EventChannel()
            do {
                let stop = try tools.liveEvents(
                    events, into: channel, options: remote, messageLimit: policy.limits.input)
                return ([], channel, stop)
            } catch {
                throw error.code
            }
        }
        do {
            let timeline = try TimedEvent.parseLines(
                FileBytes.read(events, limit: policy.limits.input, seconds: policy.limits.time), file: events)
            return (timeline, nil, nil)
        } catch {
            throw BehaveExit.report(error)
        }
    }

    /// Checks a copy that arrives while the behaviour runs, from any thread: with a host of its
    /// own, as the running one is busy, with the same modules and the same `--strict`.
    private var liveCheck: @Sendable (Behaviour) -> [Diagnostic] {
        let (policy, strict, context) = (self.policy, self.strict, self.context)
        return { behaviour in
            guard let checker = try? ToolHost.make(policy: policy, clock: SystemClock()) else {
                return [Diagnostic(.error, file: behaviour.name, at: nil, "cannot create a host to check the new copy")]
            }
            // The same context as the running copy's: `-- requires: version` reads it.
            for entry in context { checker.context[entry.key] = .string(entry.value) }
            return checker.check(behaviour, strict: strict)
        }
    }

    /// Whether `--events` names a pub/sub server rather than a file.
    static func isLiveEvents(_ events: String) -> Bool {
        Behaviour.isRemote(events) || ["ws://", "wss://"].contains { events.lowercased().hasPrefix($0) }
    }

    /// The behaviour: the `-e` chunk, the `-e`/`-l` program alone, or the file (or URL, checked by
    /// `host`), with the program run before it.
    private func load(
        checkingWith host: BehaveHost, remote: RemoteOptions?, tools: (any RemoteTools)?, live: Bool
    ) async throws(ExitCode) -> LoadedBehaviour {
        var loaded: LoadedBehaviour
        do {
            if let code {
                loaded = LoadedBehaviour(behaviour: Behaviour(name: file, source: code, format: .lua))
            } else if !program.isEmpty && file == Self.commandLineName {
                loaded = LoadedBehaviour(behaviour: program.alone)
            } else {
                // A fleet manifest's rules read the app's context.
                var remote = remote
                remote?.fleet.context = ContextEntry.strings(host.context)
                remote?.fleet.isRun = true
                loaded = try await LoadedBehaviour.load(
                    file, limit: policy.limits.input, seconds: policy.limits.time, remote: remote, tools: tools,
                    liveValidate: live ? liveCheck : nil
                ) {
                    host.check($0, strict: strict)
                }
            }
        } catch { throw error.code }
        if !program.isEmpty && file != Self.commandLineName {
            guard loaded.behaviour.format == .lua else {
                StandardError.write(
                    "\(BehaveTool.current.name): -e, -l and -W go with a Lua script, not an action list\n")
                throw ExitCode(BehaveExit.usage)
            }
            loaded.behaviour = program.before(loaded.behaviour)
        }
        return loaded
    }
}

extension RunInvocation {
    /// What messages call the `-e` code, as `lua -e` does.
    static let commandLineName = "(command line)"

    // In an extension, so the memberwise initialiser (with the defaults above) stays.
    /// The plain `behave [run] [--LIMIT N]... [--] FILE [ARG]...`, or nil: the limits that take a
    /// number (`--instruction-limit`, `--depth-limit`, `--time-limit`, `--duration-limit`), each
    /// at most once with a value of decimal digits, FILE neither an option (but `-`, stdin) nor a
    /// URL nor, without `run`, a command's name; every word after FILE is the script's, as lua has
    /// it. Any other spelling goes through ArgumentParser, which gives its errors.
    init?(plainCommandLine commandLine: [String]) {
        var arguments = commandLine[...]
        if arguments.first == "run" {
            arguments = arguments.dropFirst()
        } else if let first = arguments.first, BehaveCommand.commandNames.contains(first) {
            return nil
        }
        // The options come in pairs before FILE; what follows FILE is the script's.
        var fileIndex = arguments.startIndex
        while fileIndex < arguments.endIndex, arguments[fileIndex].hasPrefix("--"), arguments[fileIndex] != "--" {
            fileIndex += 2
        }
        guard fileIndex <= arguments.endIndex else { return nil }
        let options = arguments[arguments.startIndex..<fileIndex]
        if fileIndex < arguments.endIndex, arguments[fileIndex] == "--" { fileIndex += 1 }
        guard fileIndex < arguments.endIndex else { return nil }
        let file = arguments[fileIndex]
        guard file == "-" || !file.hasPrefix("-"), !Behaviour.isRemote(file) else { return nil }
        self.init(limitedRunOf: file, options: options, scriptArguments: Array(arguments[(fileIndex + 1)...]))
    }

    /// A run of `file` under the limit `options`, in pairs; nil unless each is a limit that takes
    /// a number, given once, with a number in its range.
    private init?(limitedRunOf file: String, options: ArraySlice<String>, scriptArguments: [String]) {
        var policy = SandboxPolicy()
        var seen: Set<String> = []
        var options = options
        while let name = options.popFirst(), let value = options.popFirst() {
            // Out of range or another option: ArgumentParser reads the command line and says why.
            guard seen.insert(name).inserted,
                value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                let whole = Int(value), SandboxOptions.setLimit(name, to: whole, in: &policy.limits)
            else { return nil }
        }
        self.init(file: file)
        self.policy = policy
        self.scriptArguments = scriptArguments
    }
}
