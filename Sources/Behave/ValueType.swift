import Lua

/// The type of an action's parameter or result, as behaviours see it. It drives JSON value
/// conversion, `behave check`, `behave modules`, the LuaLS definitions and the JSON Schema.
public indirect enum ValueType: Sendable, Equatable, CustomStringConvertible {
    case string, integer, number, boolean, any, void
    case array(ValueType)
    case map(ValueType)
    case optional(ValueType)

    /// The Lua/LuaLS spelling: `string`, `integer`, `string[]`, `table<string, number>`, `integer?`.
    public var description: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .number: "number"
        case .boolean: "boolean"
        case .any: "any"
        case .void: "nil"
        case .array(let e): "\(e)[]"
        case .map(let v): "table<string, \(v)>"
        case .optional(let w): "\(w)?"
        }
    }
}

/// A Swift type an action can take or return: it converts to and from Lua and names its
/// ``ValueType`` for tools.
public protocol ActionValue: LuaPushable, LuaReadable {
    /// How behaviours and tools see this type.
    static var valueType: ValueType { get }
}

extension String: ActionValue { public static var valueType: ValueType { .string } }
extension Int: ActionValue { public static var valueType: ValueType { .integer } }
extension Double: ActionValue { public static var valueType: ValueType { .number } }
extension Bool: ActionValue { public static var valueType: ValueType { .boolean } }
extension LuaValue: ActionValue { public static var valueType: ValueType { .any } }
extension Array: ActionValue where Element: ActionValue {
    public static var valueType: ValueType { .array(Element.valueType) }
}
extension Dictionary: ActionValue where Key == String, Value: ActionValue {
    public static var valueType: ValueType { .map(Value.valueType) }
}
extension Optional: ActionValue where Wrapped: ActionValue {
    public static var valueType: ValueType { .optional(Wrapped.valueType) }
}
