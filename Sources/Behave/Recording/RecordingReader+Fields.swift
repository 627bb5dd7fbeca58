extension RecordingReader {
    /// One line's object, read field by field; a field missing or of the wrong kind is an error
    /// at the line.
    struct Fields {
        let members: [String: PlainValue]
        let line: Int
        let column: Int
        /// The recording's name for errors (not the reader: a copy of it would share the entries
        /// being appended, and every append would copy them).
        let file: String

        func problem(_ message: String) -> BehaveError { RecordingReader.problem(file, line, column, message) }

        private func value(_ key: String) throws(BehaveError) -> PlainValue {
            guard let value = members[key] else { throw problem("missing \"\(key)\"") }
            return value
        }

        func string(_ key: String) throws(BehaveError) -> String {
            guard case .string(let text) = try value(key) else { throw problem("\"\(key)\" must be a string") }
            return text
        }

        func integer(_ key: String) throws(BehaveError) -> Int {
            guard let number = try value(key).int64, let integer = Int(exactly: number) else {
                throw problem("\"\(key)\" must be an integer")
            }
            return integer
        }

        /// A number: finite, unless `infinite` allows an infinity (a limit's seconds).
        func number(_ key: String, infinite: Bool = false) throws(BehaveError) -> Double {
            switch try value(key) {
            case .integer(let i): Double(i)
            case .number(let d) where d.isFinite || (infinite && !d.isNaN): d
            default: throw problem("\"\(key)\" must be a number")
            }
        }

        /// A clock's reading as the script gets it: whole seconds (an integer) for the time of
        /// day, a float of seconds for the processor's, as the stock functions return them.
        func reading(_ clock: RecordedEntry.Clock) throws(BehaveError) -> PlainValue {
            switch (clock, try value(clock.rawValue)) {
            case (.time, .integer(let seconds)): return .integer(seconds)
            case (.processor, .integer(let seconds)): return .number(Double(seconds))
            case (.processor, .number(let seconds)) where seconds.isFinite: return .number(seconds)
            default: throw problem("\"\(clock.rawValue)\" must be \(clock == .time ? "an integer" : "a number")")
            }
        }

        /// An error's `form`.
        func form() throws(BehaveError) -> RecordedEntry.ErrorForm {
            guard let form = RecordedEntry.ErrorForm(rawValue: try string("form")) else {
                throw problem("\"form\" must be string, bare or swift")
            }
            return form
        }

        func bool(_ key: String) throws(BehaveError) -> Bool {
            guard case .bool(let flag) = try value(key) else { throw problem("\"\(key)\" must be true or false") }
            return flag
        }

        func array(_ key: String) throws(BehaveError) -> [PlainValue] {
            guard case .array(let elements) = try value(key) else { throw problem("\"\(key)\" must be an array") }
            return elements
        }

        func object(_ key: String) throws(BehaveError) -> [String: PlainValue] {
            switch try value(key) {
            case .object(let members): return members
            case .array(let elements) where elements.isEmpty: return [:]
            default: throw problem("\"\(key)\" must be an object")
            }
        }

        /// A module of the header's `modules`.
        func module(_ value: PlainValue) throws(BehaveError) -> RecordedModule {
            guard case .object(let module) = value, case .string(let name) = module["name"],
                case .array(let actions) = module["actions"]
            else { throw problem("each of \"modules\" must have a \"name\" and \"actions\"") }
            var aliases: [String] = []
            if case .array(let names) = module["aliases"] { aliases = names.compactMap(\.text) }
            return RecordedModule(
                name, aliases: aliases,
                actions: try actions.map { action throws(BehaveError) -> RecordedAction in
                    guard case .object(let fields) = action, case .string(let actionName) = fields["name"] else {
                        throw problem("each action of \"\(name)\" must have a \"name\"")
                    }
                    var labels: [String?] = []
                    if case .array(let names) = fields["labels"] { labels = names.map(\.text) }
                    return RecordedAction(actionName, labels: labels, isAsync: fields["async"] == .bool(true))
                })
        }
    }
}

extension PlainValue {
    /// The string, if the value is one.
    var text: String? { if case .string(let s) = self { s } else { nil } }
    /// The integer, if the value is one.
    var int64: Int64? { if case .integer(let i) = self { i } else { nil } }
}
