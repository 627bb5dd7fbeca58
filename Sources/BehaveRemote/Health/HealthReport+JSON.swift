#if Remote
    import Behave

    extension HealthReport {
        /// The report as one line of JSON, without its newline: the keys in a fixed order, those
        /// without a value left out, the context's fields sorted by name. A string's newlines are
        /// escaped, so the line is one line whatever the error says.
        public var line: String {
            var members: [String] = ["\"at\": " + JSONText.number(at.isFinite ? at : 0)]
            func add(_ key: String, _ text: String?) {
                if let text { members.append(JSONText.quoted(key) + ": " + JSONText.quoted(text)) }
            }
            add("channel", channel)
            add("rule", rule)
            add("copy", copy)
            add("url", url)
            if let sequence { members.append("\"sequence\": \(sequence)") }
            add("outcome", outcome.rawValue)
            add("error", error)
            add("limit", limit)
            if let duration, duration.isFinite { members.append("\"duration\": " + JSONText.number(duration)) }
            if !context.isEmpty {
                let fields = context.sorted { $0.key < $1.key }.map {
                    JSONText.quoted($0.key) + ": " + JSONText.quoted($0.value)
                }
                members.append("\"context\": {" + fields.joined(separator: ", ") + "}")
            }
            return "{" + members.joined(separator: ", ") + "}"
        }

        /// The report a line of JSON holds (``line`` reads back as the report it came from). Keys
        /// it does not know are ignored, so that a newer app's reports still read.
        public init(line bytes: some Collection<UInt8>) throws(ReadError) {
            let value: JSONValue
            do { value = try JSONParser.parse(Array(bytes)) } catch { throw ReadError(reason: "not JSON: \(error)") }
            guard case .object = value.kind else {
                throw ReadError(reason: "a report is an object, not \(value.kindDescription)")
            }
            let fields = Fields(value)
            guard let at = try fields.number("at") else { throw ReadError(reason: "no \"at\" (the time)") }
            guard let copy = try fields.string("copy") else { throw ReadError(reason: "no \"copy\"") }
            guard let outcomeText = try fields.string("outcome") else { throw ReadError(reason: "no \"outcome\"") }
            guard let outcome = Outcome(rawValue: outcomeText) else {
                let known = Outcome.allCases.map(\.rawValue).joined(separator: ", ")
                throw ReadError(reason: "\"outcome\" is \(JSONText.quoted(outcomeText)), not one of \(known)")
            }
            let sequence: Int?
            if let number = try fields.number("sequence") {
                // A manifest's sequences are below 9e15, which a Double holds exactly.
                guard number == number.rounded(), abs(number) < 9e15 else {
                    throw ReadError(reason: "\"sequence\" is \(number), not an integer")
                }
                sequence = Int(number)
            } else {
                sequence = nil
            }
            self.init(
                at: at, channel: try fields.string("channel"), rule: try fields.string("rule"), copy: copy,
                url: try fields.string("url"), sequence: sequence, outcome: outcome,
                error: try fields.string("error"), limit: try fields.string("limit"),
                duration: try fields.number("duration"), context: try fields.context())
        }

        /// The members of a report's object, each read as the type its key requires.
        private struct Fields {
            let value: JSONValue

            init(_ value: JSONValue) { self.value = value }

            /// A string member, nil when absent or null.
            func string(_ key: String) throws(ReadError) -> String? {
                guard let member = value[key] else { return nil }
                switch member.kind {
                case .null: return nil
                case .string(let text): return text
                default: throw ReadError(reason: "\(JSONText.quoted(key)) is \(member.kindDescription), not a string")
                }
            }

            /// A number member, nil when absent or null.
            func number(_ key: String) throws(ReadError) -> Double? {
                guard let member = value[key] else { return nil }
                switch member.kind {
                case .null: return nil
                case .number(let text):
                    guard let number = Double(text), number.isFinite else {
                        throw ReadError(reason: "\(JSONText.quoted(key)) is \(text), out of range")
                    }
                    return number
                default: throw ReadError(reason: "\(JSONText.quoted(key)) is \(member.kindDescription), not a number")
                }
            }

            /// The context: an object of strings (empty when absent or null).
            func context() throws(ReadError) -> [String: String] {
                guard let member = value["context"] else { return [:] }
                switch member.kind {
                case .null: return [:]
                case .object(let members):
                    var context: [String: String] = [:]
                    for (key, _, field) in members {
                        guard case .string(let text) = field.kind else {
                            throw ReadError(
                                reason:
                                    "\"context\" field \(JSONText.quoted(key)) is \(field.kindDescription), not a string"
                            )
                        }
                        context[key] = text
                    }
                    return context
                default: throw ReadError(reason: "\"context\" is \(member.kindDescription), not an object")
                }
            }
        }
    }
#endif
