import BehaveLua

/// The flight recorder's side of a run: what a recording's header holds, the seed of
/// `math.random`, and keeping what was recorded once the run has ended.
extension BehaveHost {
    /// The recording a run of `behaviour` starts with; nil while the recorder is off.
    func pendingRecording(of behaviour: Behaviour, arguments: [String]) -> PendingRecording? {
        guard recordingLimit > 0 else { return nil }
        return PendingRecording(
            behaviour: behaviour, context: context, limits: policy.limits, isTrusted: policy.isTrusted,
            arguments: arguments, recorder: FlightRecorder(byteLimit: recordingLimit))
    }

    /// Seeds `math.random` with `seed` (a fresh seed when empty) and returns the seed it took, so
    /// a replay draws the same numbers.
    func seedRandom(_ seed: [Int64] = []) throws(BehaveError) -> [Int64] {
        try slice {
            let math = policy.isTrusted ? try lua.global("math") : environment["math"]
            guard case .table(let table) = math, case .function(let randomseed) = table["randomseed"] else { return [] }
            return try randomseed.call(arguments: seed).compactMap(\.integer)
        }
    }

    /// Keeps `recording` with how the run ended, for ``lastRecording``.
    func keep(_ recording: PendingRecording?, outcome: RecordedOutcome) {
        guard var recording else { return }
        recording.outcome = outcome
        pendingRecording = recording
    }
}
