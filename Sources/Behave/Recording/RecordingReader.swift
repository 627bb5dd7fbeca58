/// Reads a recording's JSON lines one at a time (``Recording/parse(_:file:)``): the first line is
/// the header, the others entries, an `end` line the outcome. Each problem is an error at its
/// line and column.
struct RecordingReader {
    let file: String
    private(set) var recording: Recording?

    init(file: String) { self.file = file }

    mutating func read(_ bytes: [UInt8], line: Int) throws(BehaveError) {
        var bytes = bytes
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
        let json: JSONValue
        do { json = try JSONParser.parse(bytes) } catch {
            throw Self.problem(file, line, error.position.column, error.message)
        }
        guard case .object(let members) = PlainValue(json).restoringFloats else {
            throw Self.problem(file, line, json.position.column, "expected an object, found \(json.kindDescription)")
        }
        let fields = Fields(members: members, line: line, column: json.position.column, file: file)
        guard recording != nil else {
            recording = try Self.header(fields)
            return
        }
        if recording?.outcome != nil { throw fields.problem("a line after the recording's end") }
        // Changed in place: a copy of the recording per line would make reading it quadratic.
        if members["end"] != nil {
            recording?.outcome = try Self.outcome(fields)
        } else {
            let entry = try Self.entry(fields)
            recording?.entries.append(entry)
        }
    }

    static func problem(_ file: String, _ line: Int, _ column: Int, _ message: String) -> BehaveError {
        .invalid([Diagnostic(.error, file: file, at: SourcePosition(line: line, column: column), message)])
    }

    private static func header(_ fields: Fields) throws(BehaveError) -> Recording {
        guard try fields.integer("behave_recording") == Recording.version else {
            throw fields.problem(
                "not a recording of version \(Recording.version) (its first line has no \"behave_recording\": \(Recording.version))"
            )
        }
        let copy = try fields.object("behaviour")
        let copyFields = Fields(members: copy, line: fields.line, column: fields.column, file: fields.file)
        let format = Behaviour.Format(rawValue: try copyFields.string("format")) ?? .lua
        var source: String?
        if case .string(let text) = copy["source"] { source = text }
        let behaviour = RecordedBehaviour(
            name: try copyFields.string("name"), format: format, digest: try copyFields.string("digest"), source: source
        )
        var limits = Limits()
        let limitFields = Fields(
            members: try fields.object("limits"), line: fields.line, column: fields.column, file: fields.file)
        limits.memory = try limitFields.integer("memory")
        limits.instructions = try limitFields.integer("instructions")
        limits.time = try limitFields.number("time", infinite: true)
        limits.output = try limitFields.integer("output")
        limits.depth = try limitFields.integer("depth")
        limits.duration = try limitFields.number("duration", infinite: true)
        limits.input = try limitFields.integer("input")
        return Recording(
            behaviour: behaviour, context: try fields.object("context"), limits: limits,
            isTrusted: try fields.bool("trusted"), arguments: try fields.array("arguments").map { $0.text ?? "" },
            seed: try fields.array("seed").compactMap(\.int64), modules: try fields.array("modules").map(fields.module))
    }

    private static func entry(_ fields: Fields) throws(BehaveError) -> RecordedEntry {
        let members = fields.members
        if members["step"] != nil { return .step(at: try fields.number("step")) }
        if members["deliver"] != nil {
            let events = try fields.array("deliver").map { value throws(BehaveError) -> TimedEvent in
                guard case .object(let event) = value, case .string(let name) = event["event"] else {
                    throw fields.problem("\"deliver\" holds objects with an \"event\" name")
                }
                return TimedEvent(name, data: event["data"] ?? .null)
            }
            guard !events.isEmpty else { throw fields.problem("\"deliver\" holds at least one event") }
            return .deliver(at: try fields.number("at"), events: events)
        }
        if members["call"] != nil {
            let id = members["async"]?.int64.map { Int($0) }
            let arguments = members["args"] == nil ? nil : try fields.array("args")
            return .call(action: try fields.string("call"), arguments: arguments, async: id)
        }
        if members["returned"] != nil { return .returned(try fields.array("returned")) }
        if members["threw"] != nil {
            return .threw(message: try fields.string("threw"), form: try fields.form())
        }
        if members["resolved"] != nil {
            return .resolved(
                id: try fields.integer("resolved"), at: try fields.number("at"), values: try fields.array("values"))
        }
        if members["rejected"] != nil {
            return .rejected(
                id: try fields.integer("rejected"), at: try fields.number("at"), message: try fields.string("message"),
                form: try fields.form())
        }
        if members["output"] != nil { return .output(try fields.string("output")) }
        for clock in [RecordedEntry.Clock.time, .processor] where members[clock.rawValue] != nil {
            return .reading(clock, try fields.reading(clock))
        }
        if members["gap"] != nil { return .gap(entries: try fields.integer("gap"), bytes: try fields.integer("bytes")) }
        throw fields.problem(
            "unknown entry: expected one of step, deliver, call, returned, threw, resolved, rejected, output, time, clock, gap or end"
        )
    }

    private static func outcome(_ fields: Fields) throws(BehaveError) -> RecordedOutcome {
        guard let kind = RecordedOutcome.Kind(rawValue: try fields.string("end")) else {
            throw fields.problem("\"end\" must be completed, stopped, failed or terminated")
        }
        var message: String?
        if case .string(let text) = fields.members["message"] { message = text }
        return RecordedOutcome(
            kind, message: message, failedTasks: try fields.integer("failed_tasks"),
            waiting: try fields.integer("waiting"))
    }
}
