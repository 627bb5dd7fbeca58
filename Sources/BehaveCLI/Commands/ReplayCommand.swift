import ArgumentParser
import Behave

/// `behave replay RECORDING`: a recorded run again, exactly, with no module code.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run a recording (`run --record FILE`) again, exactly: same output, same error, same exit code.",
        discussion: """
            The recorded copy runs on a virtual clock, with the recorded context, limits, arguments and \
            seed, in the sandbox; the recorded limits hold up to the limit options' (their defaults when \
            not given), never above them; a recording of a trusted run replays only with --trusted. Events arrive at their recorded times and every \
            action is answered from the recording: no module code runs. With --behaviour, another copy runs \
            against the recording, and the replay stops where it leaves it (exit 5), showing both sides. A \
            recording cut by its byte cap replays up to the cut (exit 6).
            """
    )

    @Argument(help: "The recording, a JSON-lines file written by `run --record`.", completion: .file())
    var recording: String

    @Option(
        help: ArgumentHelp(
            "Replays this copy instead of the recorded one (needed when the recording names its copy by digest only).",
            valueName: "file"),
        completion: .file(extensions: ["lua", "json"]))
    var behaviour: String?

    @Flag(help: "Replays a recording of a trusted run trusted, with the stock library (it is refused otherwise).")
    var trusted = false

    // The recording's own limits hold only up to these: a recording may come from anywhere.
    @OptionGroup(title: "Limits (the most the recorded ones may be)") var limits: LimitOptions

    func run() async throws {
        let name = BehaveTool.current.name
        let recorded: Recording
        let copy: Behaviour?
        do throws(BehaveError) {
            recorded = try Recording.read(path: recording)
            if let behaviour { copy = try Behaviour.read(path: behaviour) } else { copy = nil }
        } catch { throw BehaveExit.report(error) }
        let report: ReplayReport
        let ceiling = limits.applied(to: trusted && recorded.isTrusted ? Limits.unlimited : Limits())
        // Ctrl-C, SIGTERM and SIGHUP end the replay as they end a run: its output, then `cancelled`.
        let cancellation = Cancellation()
        Interrupts.route(to: cancellation)
        do {
            report = try await BehaveHost.replay(
                recorded, behaviour: copy, trusted: trusted, limits: ceiling, cancellation: cancellation)
        } catch {
            throw BehaveExit.report(error)
        }
        if Interrupts.cancelled, let error = report.error { throw BehaveExit.report(error) }
        if let divergence = report.divergence {
            try BehaveExit.flushOutput()
            StandardError.write("\(name): the replay left the recording \(divergence)\n")
            throw ExitCode(BehaveExit.diverged)
        }
        let code: Int32
        if let error = report.error {
            code = BehaveExit.report(error).rawValue
        } else {
            try BehaveExit.flushOutput()
            if report.outcome.failedTasks > 0 {
                StandardError.write("\(name): \(report.outcome.failedTasks) handlers or timers failed\n")
            }
            code = report.outcome.failedTasks > 0 ? BehaveExit.scriptError : BehaveExit.success
        }
        if report.lacking > 0 {
            StandardError.write(
                "\(name): the recording lacks \(report.lacking) entries, cut by its byte cap: replayed up to the cut\n")
            throw ExitCode(BehaveExit.recordingCut)
        }
        if let recordedOutcome = report.recorded,
            recordedOutcome.kind != report.outcome.kind
                || recordedOutcome.message != report.outcome.message
        {
            StandardError.write(
                "\(name): the replay ended otherwise than the recording: it \(Self.describe(report.outcome)); the recorded run \(Self.describe(recordedOutcome))\n"
            )
            throw ExitCode(BehaveExit.diverged)
        }
        if code != 0 { throw ExitCode(code) }
    }

    /// `failed: keynote.lua:3: boom`, `completed`.
    static func describe(_ outcome: RecordedOutcome) -> String {
        outcome.kind.rawValue + (outcome.message.map { ": \($0)" } ?? "")
    }
}
