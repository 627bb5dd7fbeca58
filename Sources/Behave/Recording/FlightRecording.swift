import BehaveLua

/// The flight recorder as a host's feature: each run of a behaviour records what it consumes (its
/// steps, deliveries, answers, clock readings and output) within ``limit`` bytes, and keeps it for
/// ``BehaveHost/lastRecording`` however the run ends. Runs of tests and session inputs record nothing.
final class FlightRecording: HostFeature, @unchecked Sendable {
    /// The byte cap; 0 turns the recorder off. Set between runs.
    var limit = BehaveHost.defaultRecordingLimit
    /// The last run's recording, as the run left it.
    private(set) var pending: PendingRecording?
    /// The recording of the run under way.
    private var current: PendingRecording?
    /// Its recorder: what each step, delivery and answer appends to. Read on the host's thread
    /// only, at every step: no exclusivity check.
    @exclusivity(unchecked) private var recorder: FlightRecorder?
    /// What feeds the recorder besides the seam while a run records: the host's tracer and output.
    /// Held strongly and let go at the run's end, not as a weak reference to the host: a weak
    /// reference gives the host a side table that LeakSanitizer cannot trace once the reference is
    /// cleared, and reports as a leak while the host lives.
    private var feeders: (tracer: Tracer, output: OutputSink)?

    /// A new behaviour forgets the last one's recording, also when it fails before it runs.
    func behaviourBegins(identity: String) { pending = nil }

    func runBegins(_ run: RunStart) throws(BehaveError) -> Bool {
        guard limit > 0, let behaviour = run.behaviour else { return false }
        let host = run.host
        let recorder = FlightRecorder(byteLimit: limit)
        var recording = PendingRecording(
            behaviour: behaviour, context: host.context, limits: host.policy.limits, isTrusted: host.policy.isTrusted,
            arguments: run.arguments, recorder: recorder)
        host.tracer.record(into: recorder)
        host.output.record(into: recorder)
        feeders = (host.tracer, host.output)
        // A replay draws the same numbers from the seed the run took.
        do { recording.seed = try host.seedRandom() } catch {
            stopFeeding()
            throw error
        }
        current = recording
        self.recorder = recorder
        return true
    }

    func stepTaken(at time: Double) {
        recorder?.append(.step(at: time))
    }

    func eventsDelivered(_ events: [TimedEvent], at time: Double) {
        recorder?.append(.deliver(at: time, events: events))
    }

    func actionResolved(id: Int, at time: Double, stack: LuaStack, first: Int32, count: Int32) {
        recorder?.append(.resolved(id: id, at: time, values: Tracer.plain(stack, from: first, count: count)))
    }

    func actionRejected(id: Int, at time: Double, error: any Error) {
        recorder?.append(
            .rejected(
                id: id, at: time, message: (error as? LuaScriptError)?.message ?? String(describing: error),
                form: error is LuaScriptError ? .positioned : .swift))
    }

    func runEnded(_ ending: RunEnding) {
        stopFeeding()
        recorder = nil
        guard var recording = current else { return }
        current = nil
        switch ending.result {
        case .success(let finish): recording.outcome = RecordedOutcome(finish, failedTasks: ending.failedTasks)
        case .failure(let error): recording.outcome = RecordedOutcome(error, failedTasks: ending.failedTasks)
        }
        pending = recording
    }

    /// The host's tracer and output stop feeding the recorder.
    private func stopFeeding() {
        feeders?.tracer.record(into: nil)
        feeders?.output.record(into: nil)
        feeders = nil
    }
}
