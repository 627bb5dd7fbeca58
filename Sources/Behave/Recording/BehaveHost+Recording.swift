import BehaveLua

/// The flight recorder's side of a run: what a recording's header holds, the seed of
/// `math.random`, and keeping what was recorded once the run has ended.
extension BehaveHost {
    /// A recording's header for a run of `behaviour`; nil while the recorder is off.
    func recordingHeader(_ behaviour: Behaviour, arguments: [String]) -> Recording? {
        guard recordingLimit > 0 else { return nil }
        return Recording(
            behaviour: RecordedBehaviour(behaviour), context: context, limits: policy.limits,
            isTrusted: policy.isTrusted, arguments: arguments, modules: RecordedModule.catalog(of: registry))
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

    /// Keeps `recording` with what `recorder` holds and how the run ended, as ``lastRecording``.
    func keep(_ recording: Recording?, from recorder: FlightRecorder?, outcome: RecordedOutcome) {
        guard var recording, let recorder else { return }
        recording.entries = recorder.entries
        recording.outcome = outcome
        lastRecording = recording
    }
}
