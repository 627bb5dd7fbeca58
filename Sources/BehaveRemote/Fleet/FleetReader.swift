#if Remote
    import Behave

    /// The checks every part of a manifest is read with, each refusing with a diagnostic at the
    /// offending value.
    struct FleetReader {
        typealias Member = (key: String, keyPosition: SourcePosition, value: JSONValue)

        let file: String

        func failure(at position: SourcePosition, _ message: String) -> Diagnostic {
            Diagnostic(.error, file: file, at: position, message)
        }

        /// The members of an object, refusing any key not in `allowed` so that a typo is an error
        /// instead of a setting silently ignored (the key shown with its control characters escaped,
        /// so the refusal stays one line).
        func members(_ value: JSONValue, of what: String, allowed: [String]) throws(Diagnostic) -> [Member] {
            let members = try object(value, what)
            for member in members where !allowed.contains(member.key) {
                throw failure(
                    at: member.keyPosition,
                    "unknown key \"\(member.key.printable)\" in \(what) (expected \(allowed.joined(separator: ", ")))")
            }
            return members
        }

        /// The members of an object whose keys are free, such as the fields of a `when`.
        func object(_ value: JSONValue, _ what: String) throws(Diagnostic) -> [Member] {
            guard case .object(let members) = value.kind else {
                throw failure(at: value.position, "\(what) must be an object, found \(value.kindDescription)")
            }
            return members
        }

        /// The member `key` of an object that must have it.
        func required(_ key: String, in value: JSONValue, of what: String) throws(Diagnostic) -> JSONValue {
            guard let member = value[key] else { throw failure(at: value.position, "\(what) has no \"\(key)\"") }
            return member
        }

        func string(_ value: JSONValue, _ what: String) throws(Diagnostic) -> String {
            guard case .string(let text) = value.kind else {
                throw failure(at: value.position, "\(what) must be a string, found \(value.kindDescription)")
            }
            return text
        }

        /// A channel, rule or copy name.
        func name(_ value: JSONValue, _ what: String) throws(Diagnostic) -> String {
            let text = try string(value, what)
            guard FleetManifest.isValid(name: text) else {
                throw failure(
                    at: value.position,
                    "\(what) \(JSONText.quoted(text)) must be non-empty letters, digits, \"-\", \"_\" or \".\"")
            }
            return text
        }

        func number(_ value: JSONValue, _ what: String) throws(Diagnostic) -> Double {
            guard case .number(let text) = value.kind, let number = Double(text) else {
                throw failure(at: value.position, "\(what) must be a number, found \(value.kindDescription)")
            }
            guard number.isFinite else { throw failure(at: value.position, "\(what) is too large: \(text.prefix(40))") }
            return number
        }

        func bool(_ value: JSONValue, _ what: String) throws(Diagnostic) -> Bool {
            guard case .bool(let flag) = value.kind else {
                throw failure(at: value.position, "\(what) must be true or false, found \(value.kindDescription)")
            }
            return flag
        }

        func array(_ value: JSONValue, _ what: String) throws(Diagnostic) -> [JSONValue] {
            guard case .array(let elements) = value.kind else {
                throw failure(at: value.position, "\(what) must be an array, found \(value.kindDescription)")
            }
            return elements
        }

        /// A string, number or boolean.
        func scalar(_ value: JSONValue, _ what: String) throws(Diagnostic) -> FleetScalar {
            switch value.kind {
            case .string(let text): return .text(text)
            case .bool(let flag): return .bool(flag)
            case .number: return .number(try number(value, what))
            default:
                throw failure(
                    at: value.position, "\(what) must be a string, number or boolean, found \(value.kindDescription)")
            }
        }
    }
#endif
