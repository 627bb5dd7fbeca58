/// A run's recording as the run leaves it. What only a reader needs (the copy's SHA-256 and
/// text, the module catalogue, the entries in their final form) is made when
/// ``BehaveHost/lastRecording`` is read, not on every run.
struct PendingRecording {
    let behaviour: Behaviour
    let context: [String: PlainValue]
    let limits: Limits
    let isTrusted: Bool
    let arguments: [String]
    let recorder: FlightRecorder
    var seed: [Int64] = []
    var outcome: RecordedOutcome?

    /// The recording, with `modules` as its catalogue.
    func recording(modules: [RecordedModule]) -> Recording {
        Recording(
            behaviour: RecordedBehaviour(behaviour), context: context, limits: limits, isTrusted: isTrusted,
            arguments: arguments, seed: seed, modules: modules, entries: recorder.entries, outcome: outcome)
    }
}
