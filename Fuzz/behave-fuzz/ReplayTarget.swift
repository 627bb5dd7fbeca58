import Behave
import FuzzSupport

/// A random recording replayed against a random script (the input's bytes before its first NUL;
/// none: the copy the recording names): the recording is read or refused with a position, and a
/// replay returns, whatever the two hold, within the sandbox's small limits; the host that replays
/// is always a fresh one, and the process runs on.
enum ReplayTarget: FuzzTarget {
    static let name = "replay"

    static func check(_ input: [UInt8]) {
        let split = input.firstIndex(of: 0)
        let script = split.map { Array(input[..<$0]) }
        let text = split.map { Array(input[($0 + 1)...]) } ?? input
        var recording: Recording
        do { recording = try Recording.parse(text, file: "fuzz.rec") } catch {
            guard case .invalid(let diagnostics) = error, diagnostics.count == 1 else {
                finding("a recording refused with other than one diagnostic: \(error)")
            }
            return
        }
        // A recording chooses its own limits; the fuzzer's are small, so every loop ends.
        recording.limits.memory = 8 << 20
        recording.limits.time = 0.25
        recording.limits.duration = 30
        recording.limits.output = 64 << 10
        recording.limits.depth = 400
        recording.limits.instructions = 0
        let behaviour = script.map { Behaviour(name: "fuzz.lua", bytes: $0, format: .lua) }
        let output = OutputSink(limit: recording.limits.output, write: { _ in }, diagnostic: { _ in })
        _ = blocking { () async -> ReplayReport? in
            try? await BehaveHost.replay(recording, behaviour: behaviour, output: output, trusted: false)
        }
    }
}
