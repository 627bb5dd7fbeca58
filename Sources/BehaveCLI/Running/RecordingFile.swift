import ArgumentParser
import Behave

/// `--record FILE`: the run's recording, written whole or not at all.
enum RecordingFile {
    /// The byte cap of `--record` when `--record-limit` does not give one.
    static let defaultLimit = 16 << 20

    /// What `host` recorded of its last run, with its calls' arguments (nil when `wanted` is
    /// false or the recorder is off): the recorder keeps a call's arguments only for an observer,
    /// and a file is read by people and other copies. The copy replays in the sandbox for them,
    /// so a trusted run's recording, and one of a run the user interrupted (which must be written
    /// before the process ends), are kept as they are.
    static func completed(_ host: BehaveHost, wanted: Bool) async -> Recording? {
        guard wanted, let recording = host.lastRecording else { return nil }
        guard !Interrupts.cancelled else { return recording }
        return await BehaveHost.completing(recording)
    }

    /// Writes `recording` to `path` (nothing when either is nil); exit 73, with one line, when it
    /// cannot be written.
    static func write(_ recording: Recording?, to path: String?) throws(ExitCode) {
        guard let path, let recording else { return }
        do { try OutputFile.write(Array(recording.jsonLines.utf8), to: path) } catch {
            StandardError.write("\(BehaveTool.current.name): cannot write \(path): \(error.reason)\n")
            throw ExitCode(BehaveExit.cannotWrite)
        }
    }
}
