import BehaveLua

/// Exact replay: a recorded run again, on the virtual clock, with every action answered from the
/// recording and no module code run.
extension BehaveHost {
    /// Replays `recording`: its copy (or `behaviour`, to see where another copy departs from it)
    /// runs with the recorded context, limits, arguments and seed, in the sandbox; a recording of
    /// a trusted run replays trusted only when `trusted` says so (a recording may come from
    /// anywhere, and names its own copy). The runtime gets the recorded steps, events and async answers in the
    /// recorded order, at the recorded instants; each action call is answered as it was, and what
    /// actions wrote is written where they wrote it. Output goes to `output` (stdout by default).
    /// The recorded limits hold only up to `limits` (the mode's defaults when nil: the sandbox's, or
    /// none for a trusted replay): a recording may come from anywhere, and never raises its own.
    /// `cancellation` (or cancelling the task) ends the replay as it ends a run: `cancelled`.
    ///
    /// ```swift
    /// let report = try await BehaveHost.replay(recording)
    /// if let divergence = report.divergence { print(divergence) }
    /// ```
    ///
    /// Throws when the copy cannot run at all (none given and the recording does not carry it, or
    /// it does not compile); how the replayed run ended, error or not, is in the report.
    nonisolated(nonsending) public static func replay(
        _ recording: Recording, behaviour: Behaviour? = nil, output: OutputSink? = nil, trusted: Bool = false,
        limits: Limits? = nil, cancellation: Cancellation? = nil
    ) async throws(BehaveError) -> ReplayReport {
        guard !recording.isTrusted || trusted else {
            throw .invalid([
                Diagnostic(
                    .error, file: recording.behaviour.name, at: nil,
                    "the recording is of a trusted run: it replays only when trusted (--trusted)")
            ])
        }
        return try await replay(
            recording, behaviour: behaviour, output: output, stoppingAtCall: nil, trusted: trusted, limits: limits,
            cancellation: cancellation)
    }

    /// ``replay(_:behaviour:output:trusted:limits:cancellation:)``, stopped at call `stoppingAtCall` (from 0) if
    /// given: its divergence then says where the script makes that call. Trusted only when both the
    /// recording and `trusted` say so.
    nonisolated(nonsending) static func replay(
        _ recording: Recording, behaviour: Behaviour?, output: OutputSink?, stoppingAtCall: Int?, trusted: Bool,
        limits ceiling: Limits? = nil, cancellation: Cancellation? = nil, completing: Bool = true
    ) async throws(BehaveError) -> ReplayReport {
        // Another copy is held to the recorded calls' arguments: the recorded copy gives them first.
        let recording =
            behaviour == nil || !completing ? recording : await Self.completing(recording, trusted: trusted)
        guard let behaviour = behaviour ?? recording.behaviour.copy else {
            throw .unreadable(
                recording.behaviour.name,
                reason:
                    "the recording names its copy by digest only (larger than \(RecordedBehaviour.sourceLimit) bytes, or not UTF-8): give the copy"
            )
        }
        var policy = recording.isTrusted && trusted ? SandboxPolicy.trusted : SandboxPolicy()
        policy.limits = Self.boundedLimits(recording.limits, by: ceiling ?? policy.limits)
        let output = output ?? OutputSink.standard()
        let cursor = ReplayCursor(recording, output: output)
        cursor.stopAtCall = stoppingAtCall
        let host: BehaveHost
        do {
            host = try BehaveHost(
                modules: ReplayModule.modules(for: recording, cursor: cursor), policy: policy, output: output,
                clock: VirtualClock())
        } catch {
            throw .failed(LuaError(kind: .memory, message: "cannot create the Lua state"))
        }
        host.recordingLimit = 0
        if let cancellation { host.adopt(cancellation) }
        host.readings.replay = cursor
        host.context = recording.context
        return try await host.replaying(recording, behaviour: behaviour, cursor: cursor)
    }

    nonisolated(nonsending) private func replaying(
        _ recording: Recording, behaviour: Behaviour, cursor: ReplayCursor
    ) async throws(BehaveError) -> ReplayReport {
        await enterGate()
        defer { leaveGate() }
        let chunk = try prepare(behaviour, strict: false, arguments: recording.arguments, scriptName: nil)
        let scheduler = Scheduler(host: self, runtime: runtime, clock: clock)
        starter.scheduler = scheduler
        defer { starter.scheduler = nil }
        output.reset()
        tracer.begin(at: clock.now)
        clearCancellation()
        runtime.setTrace(false)
        runtime.setForwarding(tracer.emitted.isListening)
        try pushContext()
        if !recording.seed.isEmpty { _ = try seedRandom(recording.seed) }
        var report = ReplayReport(
            outcome: RecordedOutcome(.completed), error: nil, divergence: nil, lacking: recording.droppedEntries,
            recorded: recording.outcome, sameCopy: SHA256.hex(behaviour.bytes) == recording.behaviour.digest)
        do {
            let cancellation = self.cancellation
            let finish = try await withTaskCancellationHandler {
                try await scheduler.replay(
                    main: chunk, arguments: recording.arguments, cursor: cursor, outcome: recording.outcome)
            } onCancel: {
                cancellation.cancel()
            }
            report.outcome = RecordedOutcome(finish, failedTasks: scheduler.failedTasks)
        } catch {
            let error = error as? BehaveError ?? .failed(LuaError(kind: .runtime, message: "\(error)"))
            report.outcome = RecordedOutcome(error, failedTasks: scheduler.failedTasks)
            report.error = error
        }
        report.filled = cursor.filled
        // Cancelled by the app, the replay says so, whatever the recording holds (a divergence
        // ends the run as a cancellation too, but by the cursor's doing).
        if cancelRequested, case .terminated(let lua)? = report.error, lua.kind == .cancelled { return report }
        if cursor.reachedCut {
            report.error = nil
        } else if cursor.reachedEnd, let recorded = recording.outcome {
            // The limit that stopped the run inside this step: the replay ends as it did.
            report.outcome = recorded
            report.error = .terminated(LuaError(kind: .limit(.time), message: recorded.message ?? "terminated"))
        } else if var divergence = cursor.divergence {
            divergence.position = stoppedAt.flatMap(ScriptTraceback.position)
            report.divergence = divergence
            report.error = nil
        } else if report.lacking == 0, report.error == nil, let next = cursor.leftover {
            report.divergence = ReplayDivergence(at: cursor.time, script: nil, recorded: next)
            report.divergence?.call = cursor.callsAnswered
        }
        return report
    }
}

extension BehaveHost {
    /// `recording` with the arguments of its calls filled in. A run's recorder keeps a call's
    /// arguments only while something else watches the run (an observer): they follow from the
    /// rest, and copying them costs more than the call. `behaviour` (the recorded copy when nil)
    /// replays in the sandbox, and each call gets the arguments it gives. A recording of a trusted
    /// run is replayed only when `trusted` says so, as its copy's side effects happen again. A
    /// recording with no copy to replay, or whose replay leaves it, comes back as it is; so do the
    /// calls past a cut, which a replay never reaches.
    ///
    /// ```swift
    /// let recording = await BehaveHost.completing(recorded)
    /// ```
    nonisolated(nonsending) public static func completing(
        _ recording: Recording, behaviour: Behaviour? = nil, trusted: Bool = false
    ) async -> Recording {
        let reachable = recording.entries.prefix { if case .gap = $0 { false } else { true } }
        guard reachable.contains(where: \.lacksArguments), !recording.isTrusted || trusted else { return recording }
        let discarded = OutputSink(write: { _ in }, diagnostic: { _ in })
        guard
            let report = try? await replay(
                recording, behaviour: behaviour, output: discarded, stoppingAtCall: nil, trusted: trusted,
                limits: nil, completing: false),
            report.divergence == nil
        else { return recording }
        var completed = recording
        for (index, arguments) in report.filled {
            guard case .call(let action, nil, let id) = completed.entries[index] else { continue }
            completed.entries[index] = .call(action: action, arguments: arguments, async: id)
        }
        return completed
    }

    /// A recording's limits as a replay holds them: each no higher than `ceiling`'s (where both
    /// set one), and `ceiling`'s where the recording sets none (0 or less), for a recording may
    /// come from anywhere and never lifts a limit the replay sets.
    static func boundedLimits(_ recorded: Limits, by ceiling: Limits) -> Limits {
        // A limit of 0 is none; a negative one, which only an edited file holds, is none too.
        func lower<T: Comparable & Numeric>(_ recorded: T, _ ceiling: T) -> T {
            if recorded <= 0 { return ceiling }
            return ceiling <= 0 ? recorded : min(recorded, ceiling)
        }
        var limits = recorded
        if !limits.time.isFinite || limits.time < 0 { limits.time = 0 }
        if !limits.duration.isFinite || limits.duration < 0 { limits.duration = 0 }
        limits.memory = lower(limits.memory, ceiling.memory)
        limits.instructions = lower(limits.instructions, ceiling.instructions)
        limits.time = lower(limits.time, ceiling.time)
        limits.output = lower(limits.output, ceiling.output)
        limits.depth = lower(limits.depth, ceiling.depth)
        limits.duration = lower(limits.duration, ceiling.duration)
        limits.input = lower(limits.input, ceiling.input)
        return limits
    }
}

extension RecordedBehaviour {
    /// The copy itself, when the recording carries its text; it `require`s from the directory its
    /// name gives.
    public var copy: Behaviour? {
        guard let source else { return nil }
        return Behaviour(
            name: name, bytes: Array(source.utf8), format: format, directory: LexicalPath.directory(of: name))
    }
}
