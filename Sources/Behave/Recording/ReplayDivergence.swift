/// Where a replay left its recording: what the script did there and what the recording has.
public struct ReplayDivergence: Sendable, Equatable, CustomStringConvertible {
    /// Seconds after the start of the last entry handed to the runtime before it.
    public var at: Double
    /// The call the script made there; nil when it made none where the recording has one.
    public var script: RecordedEntry?
    /// What the recording has there; nil when it has nothing more.
    public var recorded: RecordedEntry?
    /// The script's position of the call (`keynote.lua:34`), when the script made one.
    public var position: String?
    /// How many calls the recording had answered before it (the first call is call 0).
    public var call = 0

    /// Both sides, on two lines.
    public var description: String {
        let place = position.map { " (\($0))" } ?? ""
        return "at \(TraceEvent.number(at))s\(place):\n  the script:    "
            + (script.map(Self.describe) ?? "made no call")
            + "\n  the recording: " + (recorded.map(Self.describe) ?? "ends here")
    }

    /// An entry as one reads it: `Keynote.vote("Bordeaux")`, `event VOTE_TRAIN_START`.
    static func describe(_ entry: RecordedEntry) -> String {
        switch entry {
        case .call(let action, let arguments, let id):
            "\(action)(\(arguments.map { $0.map(\.jsonText).joined(separator: ", ") } ?? "…"))"
                + (id.map { " as async action \($0)" } ?? "")
        case .returned(let values): "a result (\(values.map(\.jsonText).joined(separator: ", ")))"
        case .threw(let message, _): "an error (\(message))"
        case .step(let at): "the runtime's step at \(TraceEvent.number(at))s"
        case .deliver(_, let events): "event " + events.map(\.name).joined(separator: ", ")
        case .resolved(let id, _, _), .rejected(let id, _, _, _): "the answer of async action \(id)"
        case .output(let text): "output \(PlainValue.string(text).jsonText)"
        case .reading(let clock, let value): "os.\(clock.rawValue)() = \(value.jsonText)"
        case .gap(let entries, _): "\(entries) entries cut by the byte cap"
        }
    }
}
