/// A recording as JSON lines: the header, one line per entry, the outcome last.
extension Recording {
    /// The recording's text, each line a JSON object (docs/recording.md).
    public var jsonLines: String {
        var text = header.jsonText + "\n"
        for entry in entries { text += entry.line.jsonText + "\n" }
        if let outcome { text += outcome.line.jsonText + "\n" }
        return text
    }

    private var header: PlainValue {
        var source: PlainValue = .null
        if let text = behaviour.source { source = .string(text) }
        return .object([
            "behave_recording": .integer(Int64(Self.version)),
            "behaviour": .object([
                "name": .string(behaviour.name), "format": .string(behaviour.format.rawValue),
                "digest": .string(behaviour.digest), "source": source,
            ]),
            "context": .object(context),
            "limits": limits.line,
            "trusted": .bool(isTrusted),
            "arguments": .array(arguments.map(PlainValue.string)),
            "seed": .array(seed.map(PlainValue.integer)),
            "modules": .array(modules.map(\.line)),
        ])
    }

    /// The largest recording read from a file: four times `run --record`'s default cap.
    public static let readLimit = 64 << 20

    /// Reads the recording in the file at `path` (at most ``readLimit`` bytes). Only a regular
    /// file, as `require` reads one: a FIFO or a device would hold the reader for as long as its
    /// writer likes.
    public static func read(path: String) throws(BehaveError) -> Recording {
        try parse(readBytes(path), file: path)
    }

    /// The bytes of the recording file at `path`, refused at once when it is not a regular file.
    package static func readBytes(_ path: String) throws(BehaveError) -> [UInt8] {
        try FileBytes.read(path, limit: readLimit, regularOnly: true)
    }

    /// Reads a recording's text; `file` names it in errors, which give the line and column.
    public static func parse(_ bytes: [UInt8], file: String) throws(BehaveError) -> Recording {
        var reader = RecordingReader(file: file)
        var lineNumber = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            try reader.read(Array(line), line: lineNumber)
        }
        guard let recording = reader.recording else {
            throw .invalid([Diagnostic(.error, file: file, at: nil, "not a recording: it has no header line")])
        }
        return recording
    }
}

extension RecordedEntry {
    var line: PlainValue {
        switch self {
        case .step(let at): ["step": .number(at)]
        case .deliver(let at, let events):
            [
                "deliver": .array(events.map { .object(["event": .string($0.name), "data": $0.data]) }),
                "at": .number(at),
            ]
        case .call(let action, let arguments, let id): Self.callLine(action, arguments, id)
        case .returned(let values): ["returned": .array(values)]
        case .threw(let message, let form): ["threw": .string(message), "form": .string(form.rawValue)]
        case .resolved(let id, let at, let values):
            ["resolved": .integer(Int64(id)), "at": .number(at), "values": .array(values)]
        case .rejected(let id, let at, let message, let form):
            [
                "rejected": .integer(Int64(id)), "at": .number(at), "message": .string(message),
                "form": .string(form.rawValue),
            ]
        case .output(let text): ["output": .string(text)]
        case .reading(let clock, let value): [clock.rawValue: value]
        case .gap(let entries, let bytes): ["gap": .integer(Int64(entries)), "bytes": .integer(Int64(bytes))]
        }
    }

    /// A call's line: its arguments and its async id only where it has them.
    private static func callLine(_ action: String, _ arguments: [PlainValue]?, _ id: Int?) -> PlainValue {
        var members: [String: PlainValue] = ["call": .string(action)]
        if let arguments { members["args"] = .array(arguments) }
        if let id { members["async"] = .integer(Int64(id)) }
        return .object(members)
    }
}

extension RecordedOutcome {
    var line: PlainValue {
        [
            "end": .string(kind.rawValue), "message": message.map(PlainValue.string) ?? .null,
            "failed_tasks": .integer(Int64(failedTasks)), "waiting": .integer(Int64(waiting)),
        ]
    }
}

extension RecordedModule {
    var line: PlainValue {
        [
            "name": .string(name), "aliases": .array(aliases.map(PlainValue.string)),
            "actions": .array(
                actions.map {
                    [
                        "name": .string($0.name), "async": .bool($0.isAsync),
                        "labels": .array($0.labels.map { $0.map(PlainValue.string) ?? .null }),
                    ]
                }),
        ]
    }
}

extension Limits {
    var line: PlainValue {
        [
            "memory": .integer(Int64(memory)), "instructions": .integer(Int64(instructions)), "time": .number(time),
            "output": .integer(Int64(output)), "depth": .integer(Int64(depth)), "duration": .number(duration),
            "input": .integer(Int64(input)),
        ]
    }
}
