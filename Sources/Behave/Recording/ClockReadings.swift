import BehaveLua

/// What a behaviour's `os.time()` and `os.clock()` say (`os.date()` without a time reads the
/// former): the system's clock, each reading kept by the run's recorder; in a replay, what the
/// recording kept, in order, so that a behaviour that prints the date prints the recorded one.
final class ClockReadings: @unchecked Sendable {
    private let tracer: Tracer
    /// The replay answering the readings; nil while the host runs for real. Set before the
    /// replay's run starts, on the thread that runs it.
    var replay: ReplayCursor?

    init(tracer: Tracer) {
        self.tracer = tracer
    }

    /// What the script gets for reading `clock` when the system says `system`. A replay whose
    /// recording never read that clock answers zero, the same for every copy it replays; one
    /// that reaches its recording's cut ends there (a termination, which no `pcall` catches).
    func read(_ clock: RecordedEntry.Clock, system: PlainValue) throws -> PlainValue {
        if let replay {
            return try ReplayStop.terminating { try replay.reading(clock) }
                ?? (clock == .time ? .integer(0) : .number(0))
        }
        tracer.recorder?.append(.reading(clock, system))
        return system
    }
}
