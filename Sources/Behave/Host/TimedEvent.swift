/// One line of an events file: an event, its payload, and its delay after the previous line.
///
/// ```json
/// {"event": "KEYNOTE_START"}
/// {"event": "VOTE_TRAIN_START", "data": {"destinations": ["Bordeaux", "Lyon"]}, "after": 1.5}
/// ```
public struct TimedEvent: Sendable, Equatable {
    /// The event's name, as `on(name, fn)` sees it.
    public var name: String
    /// The payload handlers receive (`nil` in Lua when absent).
    public var data: PlainValue
    /// Seconds after the previous event (after the start, for the first).
    public var after: Double

    /// Creates an event line.
    public init(_ name: String, data: PlainValue = .null, after: Double = 0) {
        self.name = name
        self.data = data
        self.after = after
    }

    /// Parses a JSON-lines events file: one object per line, blank lines ignored. Every
    /// problem is reported with its line and column; nothing is returned unless all lines
    /// are good.
    public static func parseLines(_ bytes: [UInt8], file: String) throws(BehaveError) -> [TimedEvent] {
        var events: [TimedEvent] = []
        var diagnostics: [Diagnostic] = []
        var lineNumber = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            do {
                if let event = try parseLine(Array(line), line: lineNumber, file: file) { events.append(event) }
            } catch {
                diagnostics.append(error)
            }
        }
        if !diagnostics.isEmpty { throw .invalid(diagnostics) }
        return events
    }

    /// Parses one line (`line` is its number, for messages); `nil` for a blank line.
    public static func parseLine(_ bytes: [UInt8], line: Int, file: String) throws(Diagnostic) -> TimedEvent? {
        var bytes = bytes
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return nil }
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch {
            throw Diagnostic(
                .error, file: file, at: SourcePosition(line: line, column: error.position.column), error.message)
        }
        func problem(_ at: SourcePosition, _ message: String) -> Diagnostic {
            Diagnostic(.error, file: file, at: SourcePosition(line: line, column: at.column), message)
        }
        guard case .object(let members) = value.kind else {
            throw problem(
                value.position,
                "expected an object like {\"event\": \"NAME\", \"data\": {…}, \"after\": 1.5}, found \(value.kindDescription)"
            )
        }
        var event = TimedEvent("")
        var named = false
        for member in members {
            switch member.key {
            case "event":
                guard case .string(let name) = member.value.kind, !name.isEmpty else {
                    throw problem(
                        member.value.position,
                        "\"event\" must be a non-empty string, found \(member.value.kindDescription)")
                }
                event.name = name
                named = true
            case "data":
                event.data = PlainValue(member.value)
            case "after":
                guard case .number(let text) = member.value.kind, let seconds = Double(text), seconds >= 0,
                    seconds.isFinite
                else {
                    throw problem(
                        member.value.position,
                        "\"after\" must be a non-negative number of seconds, found \(member.value.kindDescription)")
                }
                event.after = seconds
            default:
                throw problem(
                    member.keyPosition, "unknown key \"\(member.key)\"; expected \"event\", \"data\" or \"after\"")
            }
        }
        guard named else { throw problem(value.position, "missing \"event\": the event's name") }
        return event
    }
}
