import ArgumentParser
import Behave
import BehavePlatform

/// The recordings a release is compared over: the `*.rec` files of a directory, in name order.
struct RecordingCorpus {
    /// Each recording with its file's name.
    let recordings: [(file: String, recording: Recording)]
    /// The SHA-256 of the corpus: of each file's name and its bytes' digest, one line each, in order.
    let digest: String

    /// Reads the corpus in `directory`; one line and its exit code for what cannot be read.
    static func load(_ directory: String) throws(ExitCode) -> RecordingCorpus {
        let name = BehaveTool.current.name
        guard let entries = Platform.directoryEntries(directory) else {
            StandardError.write("\(name): \(directory): cannot read the directory of recordings\n")
            throw ExitCode(BehaveExit.unreadable)
        }
        let files = entries.filter { !$0.isDirectory && $0.name.hasSuffix(".rec") }.map(\.name)
        guard !files.isEmpty else {
            StandardError.write("\(name): \(directory): holds no recordings (*.rec files of `run --record`)\n")
            throw ExitCode(BehaveExit.unreadable)
        }
        var recordings: [(file: String, recording: Recording)] = []
        var lines = ""
        for file in files {
            let path = directory + "/" + file
            do throws(BehaveError) {
                let bytes = try Recording.readBytes(path)
                recordings.append((file, try Recording.parse(bytes, file: path)))
                lines += "\(file) \(SHA256.hex(bytes))\n"
            } catch { throw BehaveExit.report(error) }
        }
        return RecordingCorpus(recordings: recordings, digest: SHA256.hex(Array(lines.utf8)))
    }

    /// Compares `old` (each recording's own copy when nil) with `new` over every recording and
    /// prints what differs, each recording under its name; returns whether anything did.
    func compare(old: Behaviour?, new: Behaviour) async throws(ExitCode) -> Bool {
        var differs = false
        for (file, recording) in recordings {
            let diff: BehaviourDiff
            do { diff = try await BehaviourDiff.compare(old: old, new: new, over: recording) } catch {
                throw BehaveExit.report(error)
            }
            if diff.differences.isEmpty {
                print("\(file): no difference")
                continue
            }
            differs = true
            for difference in diff.differences { print("\(file): " + Self.describe(difference)) }
        }
        return differs
    }

    static func describe(_ difference: BehaviourDiff.Difference) -> String {
        switch difference {
        case .call(let at, let old, let oldPosition, let new, let newPosition):
            return "the first call that differs, at \(Self.seconds(at)):\n"
                + "  old\(oldPosition.map { " (\($0))" } ?? ""): \(old ?? "no call")\n"
                + "  new\(newPosition.map { " (\($0))" } ?? ""): \(new ?? "no call")"
        case .outcome(let old, let new): return "the runs end otherwise:\n  old: \(old)\n  new: \(new)"
        case .output(let line, let old, let new):
            return "the output differs at line \(line):\n  old: \(old)\n  new: \(new)"
        case .oldLeavesRecording(let divergence):
            return "the old copy itself leaves the recording \(divergence)"
        }
    }

    static func seconds(_ value: Double) -> String {
        let micros = (value * 1_000_000).rounded() / 1_000_000
        return micros == micros.rounded() ? "\(Int(micros))s" : "\(micros)s"
    }
}
