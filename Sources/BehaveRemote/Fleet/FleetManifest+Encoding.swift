#if Remote
    import Behave

    extension FleetManifest {
        /// The manifest as canonical JSON: 2-space indentation, keys in the format's order, copies and
        /// channels sorted by name, every optional field written out (but an empty `when`), and a
        /// trailing newline. The same manifest always gives the same bytes, so a signature over them
        /// is stable, and they parse back to an equal manifest.
        public func encoded() -> [UInt8] {
            let copyMembers = copies.keys.sorted().map { name in
                let copy = copies[name]!
                return (
                    name,
                    FleetJSON.object([
                        ("url", .string(copy.url)), ("sha256", .string(copy.sha256)),
                        ("sequence", .raw(String(copy.sequence))),
                    ])
                )
            }
            let channelMembers = channels.keys.sorted().map { name in
                let channel = channels[name]!
                return (
                    name,
                    FleetJSON.object(
                        Self.members(of: channel.state) + [("history", .array(channel.history.map(Self.encoded)))])
                )
            }
            let root = FleetJSON.object([
                ("format", .string(Self.format)),
                ("copies", .object(copyMembers)),
                ("killed", .array(killed.map(FleetJSON.string))),
                ("channels", .object(channelMembers)),
            ])
            var text = ""
            root.write(to: &text, indent: "")
            return Array((text + "\n").utf8)
        }

        private static func encoded(_ state: FleetChannel.State) -> FleetJSON { .object(members(of: state)) }

        private static func members(of state: FleetChannel.State) -> [(String, FleetJSON)] {
            [
                ("default", state.defaultCopy.map(FleetJSON.string) ?? .raw("null")),
                ("rules", .array(state.rules.map(encoded))),
            ]
        }

        private static func encoded(_ rule: FleetRule) -> FleetJSON {
            var members: [(String, FleetJSON)] = [
                ("name", .string(rule.name)), ("copy", .string(rule.copy)),
                ("percent", .raw(JSONText.number(rule.percent))), ("salt", .string(rule.salt)),
                ("paused", .raw(rule.paused ? "true" : "false")),
            ]
            if !rule.when.isEmpty {
                members.append(("when", .object(rule.when.map { ($0.field, encoded($0.tests)) })))
            }
            return .object(members)
        }

        private static func encoded(_ tests: [FleetTest]) -> FleetJSON {
            // A lone equality is written bare, the way people write it.
            if tests.count == 1, case .equals(let scalar) = tests[0] { return encoded(scalar) }
            return .object(tests.map(encoded))
        }

        private static func encoded(_ test: FleetTest) -> (String, FleetJSON) {
            switch test {
            case .equals(let scalar): ("eq", encoded(scalar))
            case .notEquals(let scalar): ("ne", encoded(scalar))
            case .isIn(let scalars): ("in", .array(scalars.map(encoded)))
            case .notIn(let scalars): ("not-in", .array(scalars.map(encoded)))
            case .greater(let bound): ("gt", .raw(JSONText.number(bound)))
            case .greaterOrEqual(let bound): ("gte", .raw(JSONText.number(bound)))
            case .less(let bound): ("lt", .raw(JSONText.number(bound)))
            case .lessOrEqual(let bound): ("lte", .raw(JSONText.number(bound)))
            case .version(let range): ("version", .string(range.text))
            case .locale(let tags): ("locale", .array(tags.map(FleetJSON.string)))
            case .exists(let present): ("exists", .raw(present ? "true" : "false"))
            }
        }

        private static func encoded(_ scalar: FleetScalar) -> FleetJSON {
            switch scalar {
            case .text(let text): .string(text)
            case .number(let number): .raw(JSONText.number(number))
            case .bool(let flag): .raw(flag ? "true" : "false")
            }
        }
    }

    /// A JSON tree to print: what the manifest's encoding builds before writing it out.
    private indirect enum FleetJSON {
        /// A number, boolean or null, already in JSON.
        case raw(String)
        case string(String)
        case array([FleetJSON])
        case object([(String, FleetJSON)])

        var isScalar: Bool {
            switch self {
            case .raw, .string: true
            case .array, .object: false
            }
        }

        // Arrays of plain values stay on one line; everything else gets a line per element.
        func write(to text: inout String, indent: String) {
            switch self {
            case .raw(let raw): text += raw
            case .string(let string): text += JSONText.quoted(string)
            case .array(let elements) where elements.isEmpty: text += "[]"
            case .array(let elements) where elements.allSatisfy(\.isScalar):
                text += "["
                for (index, element) in elements.enumerated() {
                    if index > 0 { text += ", " }
                    element.write(to: &text, indent: indent)
                }
                text += "]"
            case .array(let elements):
                text += "[\n"
                for (index, element) in elements.enumerated() {
                    text += indent + "  "
                    element.write(to: &text, indent: indent + "  ")
                    text += index == elements.count - 1 ? "\n" : ",\n"
                }
                text += indent + "]"
            case .object(let members) where members.isEmpty: text += "{}"
            case .object(let members):
                text += "{\n"
                for (index, member) in members.enumerated() {
                    text += indent + "  " + JSONText.quoted(member.0) + ": "
                    member.1.write(to: &text, indent: indent + "  ")
                    text += index == members.count - 1 ? "\n" : ",\n"
                }
                text += indent + "}"
            }
        }
    }
#endif
