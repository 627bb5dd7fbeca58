import Behave
import FuzzSupport

/// A line of an events file (`--events`): parsed or refused with a position, never a crash,
/// and a parsed event is one the host can deliver.
enum EventsTarget: FuzzTarget {
    static let name = "events"

    static func check(_ input: [UInt8]) {
        do {
            guard let event = try TimedEvent.parseLine(input, line: 1, file: "fuzz.jsonl") else { return }
            if event.name.isEmpty { finding("an event with no name") }
            if !(event.after >= 0) || !event.after.isFinite { finding("an event after \(event.after) seconds") }
        } catch {
            if error.position == nil { finding("a refusal with no position: \(error)") }
        }
        // The whole input as a file of lines, too.
        do { _ = try TimedEvent.parseLines(input, file: "fuzz.jsonl") } catch {
            guard case .invalid(let diagnostics) = error, !diagnostics.isEmpty else {
                finding("a file refused with no diagnostic: \(error)")
            }
        }
    }
}
