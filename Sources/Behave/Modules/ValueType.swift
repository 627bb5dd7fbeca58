import BehaveLua

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
