import ArgumentParser
import Behave

/// `--record FILE`: the run's recording, written whole or not at all.
enum RecordingFile {
    /// The byte cap of `--record` when `--record-limit` does not give one.
    static let defaultLimit = 16 << 20

    /// Writes what `host` recorded of its last run to `path` (nothing when `path` is nil);
    /// exit 73, with one line, when it cannot be written.
    static func write(_ host: BehaveHost, to path: String?) throws(ExitCode) {
        guard let path, let recording = host.lastRecording else { return }
        do { try AtomicFile.write(Array(recording.jsonLines.utf8), to: path) } catch {
            StandardError.write("\(BehaveTool.current.name): cannot write \(path): \(error.reason)\n")
            throw ExitCode(BehaveExit.cannotWrite)
        }
    }
}
