import BehaveLua

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
