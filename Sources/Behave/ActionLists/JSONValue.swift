/// A JSON value with the position where it starts in its file.
public struct JSONValue: Sendable {
    public enum Kind: Sendable {
        case null
        case bool(Bool)
        /// The number's text, exactly as written (so integers stay integers).
        case number(String)
        case string(String)
        case array([JSONValue])
        /// Members in file order. ``JSONParser`` refuses a name that appears twice; in a value built by
        /// hand, the last one wins on lookup.
        case object([(key: String, keyPosition: SourcePosition, value: JSONValue)])
    }

    public var kind: Kind
    public var position: SourcePosition

    /// The member named `key` of an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = kind else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// What the value is, for messages: `a string`, `an object`, …
    public var kindDescription: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
