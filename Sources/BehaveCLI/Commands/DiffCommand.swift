import ArgumentParser
import Behave

/// `behave diff OLD NEW --recordings DIR`: how a new copy behaves otherwise than the old over recorded runs.
struct DiffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract:
            "Compare two copies of a behaviour over recorded runs: the first call that differs, outcomes, output, requirements.",
        discussion: """
            Each recording (*.rec in DIR, from `run --record`) is replayed with both copies, every action \
            answered from the recording while the calls match; the replay of a copy stops at its first call \
            the recording does not have. Prints, for each recording, the first call that differs (time, \
            line, call and arguments on both sides), or the outcome or output that differs; then the \
            `-- requires:` lines the new copy adds or drops. Exit 0 when nothing differs, 5 when something does.
            """
    )

    @Argument(help: "The copy that runs today.", completion: .file(extensions: ["lua", "json"]))
    var old: String

    @Argument(help: "The copy to compare with it.", completion: .file(extensions: ["lua", "json"]))
    var new: String

    @Option(help: ArgumentHelp("The directory of recordings (*.rec).", valueName: "dir"), completion: .directory)
    var recordings: String

    func run() async throws {
        let copies: (Behaviour, Behaviour)
        do throws(BehaveError) {
            copies = (try Behaviour.read(path: old), try Behaviour.read(path: new))
        } catch { throw BehaveExit.report(error) }
        let corpus = try RecordingCorpus.load(recordings)
        var differs = try await corpus.compare(old: copies.0, new: copies.1)
        let changes = BehaviourDiff.requirementChanges(old: copies.0, new: copies.1)
        for change in changes { print("requires: \(change)") }
        differs = differs || !changes.isEmpty
        try BehaveExit.flushOutput()
        if differs { throw ExitCode(BehaveExit.diverged) }
    }
}
