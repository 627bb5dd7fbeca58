import BehaveLua

/// Plain data that crosses from the app into a behaviour: an event's payload, the `context`
/// table. JSON's kinds, with integers kept apart from floats, as Lua keeps them.
///
/// ```swift
/// let payload: PlainValue = ["destination": "Bordeaux", "votes": 412, "open": true]
/// events.send("VOTE_TRAIN_START", payload)
/// ```
public enum PlainValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([PlainValue])
    case object([String: PlainValue])

    /// The value of a parsed JSON document (numbers without a fraction or exponent that
    /// fit in 64 bits are integers).
    public init(_ json: JSONValue) {
        switch json.kind {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let text):
            if let integer = Int64(text) { self = .integer(integer) } else { self = .number(Double(text) ?? .nan) }
        case .string(let s): self = .string(s)
        case .array(let elements): self = .array(elements.map(PlainValue.init))
        case .object(let members):
            var object: [String: PlainValue] = [:]
            for member in members { object[member.key] = PlainValue(member.value) }
            self = .object(object)
        }
    }
}

extension PlainValue: LuaPushable {
    /// Pushes the value: objects and arrays become fresh tables, `null` becomes `nil`. Nesting
    /// past ``LuaStack/maximumNesting`` is cut there, and the call that hands it to Lua fails.
    public func push(to stack: LuaStack) {
        switch self {
        case .null: stack.pushNil()
        case .bool(let b): b.push(to: stack)
        case .integer(let i): i.push(to: stack)
        case .number(let d): d.push(to: stack)
        case .string(let s): s.push(to: stack)
        case .array(let elements):
            stack.newTable(arrayCount: elements.count, hashCount: 0)
            guard stack.enterContainer() else { return }
            defer { stack.leaveContainer() }
            for (offset, element) in elements.enumerated() {
                element.push(to: stack)
                stack.rawSet(tableAt: -2, index: offset + 1)
            }
        case .object(let members):
            stack.newTable(arrayCount: 0, hashCount: members.count)
            guard stack.enterContainer() else { return }
            defer { stack.leaveContainer() }
            for (key, value) in members {
                key.push(to: stack)
                value.push(to: stack)
                stack.rawSet(tableAt: -3)
            }
        }
    }
}

extension PlainValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: PlainValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, PlainValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
}
