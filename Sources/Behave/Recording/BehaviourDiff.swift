/// How two copies of a behaviour differ over recorded runs: each recording replayed with both,
/// actions answered from the recording while the calls match. What a release is gated on
/// (`behave diff`, `behave sign --against`).
public struct BehaviourDiff: Sendable {
    /// One way the copies differ over one recording.
    public enum Difference: Sendable, Equatable {
        /// The first action call that differs: where each copy makes it (nil where it makes none).
        case call(at: Double, old: String?, oldPosition: String?, new: String?, newPosition: String?)
        /// The runs end otherwise.
        case outcome(old: String, new: String)
        /// The runs write other output; the first line that differs, on each side.
        case output(line: Int, old: String, new: String)
        /// The old copy itself leaves the recording (it is not the copy recorded, or not as it ran).
        case oldLeavesRecording(ReplayDivergence)
    }

    /// The differences over one recording, in the order they are reported.
    public var differences: [Difference]

    /// Compares `old` (the recording's own copy when nil) with `new` over `recording`.
    nonisolated(nonsending) public static func compare(
        old: Behaviour?, new: Behaviour, over recording: Recording
    ) async throws(BehaveError) -> BehaviourDiff {
        // The old copy gives the calls' arguments the recording lacks: the new one is held to them.
        let recording = await BehaveHost.completing(recording, behaviour: old)
        let oldSide = try await Side.replay(recording, old)
        let newSide = try await Side.replay(recording, new)
        var differences: [Difference] = []
        if let divergence = oldSide.report.divergence { differences.append(.oldLeavesRecording(divergence)) }
        if let divergence = newSide.report.divergence, divergence != oldSide.report.divergence {
            // Where the old copy makes the call the new one changed: its replay stopped there.
            let oldStop = try await Side.replay(recording, old, stoppingAt: divergence.call).report.divergence
            differences.append(
                .call(
                    at: divergence.at, old: oldStop?.script.map(ReplayDivergence.describe),
                    oldPosition: oldStop?.position, new: divergence.script.map(ReplayDivergence.describe),
                    newPosition: divergence.position))
            return BehaviourDiff(differences: differences)
        }
        let oldEnd = oldSide.ending
        let newEnd = newSide.ending
        if oldEnd != newEnd { differences.append(.outcome(old: oldEnd, new: newEnd)) }
        if oldSide.output != newSide.output {
            let oldLines = oldSide.output.split(separator: "\n", omittingEmptySubsequences: false)
            let newLines = newSide.output.split(separator: "\n", omittingEmptySubsequences: false)
            let line = zip(oldLines, newLines).prefix { $0 == $1 }.count
            differences.append(
                .output(
                    line: line + 1, old: line < oldLines.count ? String(oldLines[line]) : "(no line)",
                    new: line < newLines.count ? String(newLines[line]) : "(no line)"))
        }
        return BehaviourDiff(differences: differences)
    }

    /// The `-- requires:` items the new copy adds (`+`) and drops (`-`).
    public static func requirementChanges(old: Behaviour, new: Behaviour) -> [String] {
        let before = requirements(old)
        let after = requirements(new)
        return after.filter { !before.contains($0) }.map { "+ " + $0 }
            + before.filter { !after.contains($0) }.map { "- " + $0 }
    }

    private static func requirements(_ behaviour: Behaviour) -> [String] {
        guard behaviour.format == .lua else { return [] }
        return Requirements(behaviour.bytes).items.map { item in
            switch item.item {
            case .action(let module, let action): "\(module).\(action)"
            case .version(_, let text): "version >= \(text)"
            case .unreadable(let text): text
            }
        }
    }

    /// One copy's replay, its output kept.
    private struct Side {
        let report: ReplayReport
        let output: String

        /// How it ended, as one line.
        var ending: String {
            let outcome = report.outcome
            return outcome.kind.rawValue + (outcome.message.map { ": \($0)" } ?? "")
                + (outcome.failedTasks > 0 ? " (\(outcome.failedTasks) handlers or timers failed)" : "")
        }

        nonisolated(nonsending) static func replay(
            _ recording: Recording, _ behaviour: Behaviour?, stoppingAt call: Int? = nil
        ) async throws(BehaveError) -> Side {
            let text = TextBuffer()
            let output = OutputSink(limit: recording.limits.output, write: { text.append($0) }, diagnostic: { _ in })
            // compare() completed the recording once; a side replays it as it is.
            let report = try await BehaveHost.replay(
                recording, behaviour: behaviour, output: output, stoppingAtCall: call, trusted: false,
                completing: false)
            return Side(report: report, output: text.text)
        }
    }
}

/// Text written from any thread, read once the writing is done.
final class TextBuffer: @unchecked Sendable {
    private let lock = Lock()
    private var parts: [String] = []

    func append(_ part: String) { lock.withLock { parts.append(part) } }

    var text: String { lock.withLock { parts.joined() } }
}
