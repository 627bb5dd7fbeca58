import ArgumentParser
import Behave

/// `sign --against DIR`: a copy is signed only once its differences over recorded runs were seen.
enum SignGate {
    /// Compares the copy at `file` with the copy each recording in `directory` ran, printing what
    /// differs; throws exit 5 when something does and it was not accepted. Returns the corpus's digest.
    static func check(_ file: String, against directory: String, accepting: Bool) async throws(ExitCode) -> String {
        let copy: Behaviour
        do throws(BehaveError) { copy = try Behaviour.read(path: file) } catch { throw BehaveExit.report(error) }
        let corpus = try RecordingCorpus.load(directory)
        var differs = try await corpus.compare(old: nil, new: copy)
        var seen: Set<String> = []
        for (_, recording) in corpus.recordings where seen.insert(recording.behaviour.digest).inserted {
            guard let current = recording.behaviour.copy else { continue }
            let changes = BehaviourDiff.requirementChanges(old: current, new: copy)
            for change in changes { print("requires: \(change)") }
            differs = differs || !changes.isEmpty
        }
        try BehaveExit.flushOutput()
        if differs && !accepting {
            StandardError.write(
                "\(BehaveTool.current.name): \(file) behaves otherwise than the recorded copy over \(directory): "
                    + "review the differences above, then sign with --accept-diff\n")
            throw ExitCode(BehaveExit.diverged)
        }
        return corpus.digest
    }
}
