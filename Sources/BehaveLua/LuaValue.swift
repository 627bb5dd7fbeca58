import BehavePlatform

/// Any Lua value, read from a state without losing anything.
///
/// Integers and floats stay distinct (`3` and `3.0`), strings keep their bytes, and tables,
/// functions, userdata and threads are references that keep the Lua object alive until the
/// Swift value is released.
///
/// ```swift
/// let values = try lua.run("return 1, 1.5, 'x', {}, print")
/// let first = values[0]  // .integer(1)
/// let second = values[1]  // .number(1.5)
/// let table = values[3].table  // a LuaTable
/// ```
public enum LuaValue: CustomStringConvertible {
    case `nil`
    case boolean(Bool)
    case integer(Int64)
    case number(Double)
    case string(LuaString)
    case table(LuaTable)
    case function(LuaFunction)
    case userdata(LuaUserdata)
    case lightUserdata(UnsafeMutableRawPointer?)
    case thread(LuaThread)

    /// Lua's name for the value's type (`"nil"`, `"number"`, `"table"`, …).
    public var typeName: String {
        switch self {
        case .nil: "nil"
        case .boolean: "boolean"
        case .integer, .number: "number"
        case .string: "string"
        case .table: "table"
        case .function: "function"
        case .userdata, .lightUserdata: "userdata"
        case .thread: "thread"
        }
    }

    /// The value as a Swift string when it is a Lua string holding valid UTF-8.
    public var string: String? {
        if case .string(let s) = self { return s.string }
        return nil
    }

    /// The value as an integer when it is one (floats with integral values included).
    public var integer: Int64? {
        switch self {
        case .integer(let i): i
        case .number(let d): Int64(exactly: d)
        default: nil
        }
    }

    /// The value as a double when it is a number.
    public var number: Double? {
        switch self {
        case .integer(let i): Double(i)
        case .number(let d): d
        default: nil
        }
    }

    /// The value as a boolean when it is one.
    public var boolean: Bool? {
        if case .boolean(let b) = self { return b }
        return nil
    }

    /// The table, when the value is one.
    public var table: LuaTable? {
        if case .table(let t) = self { return t }
        return nil
    }

    /// The function, when the value is one.
    public var function: LuaFunction? {
        if case .function(let f) = self { return f }
        return nil
    }

    /// Lua's truthiness: everything but `nil` and `false` is true.
    public var isTruthy: Bool {
        switch self {
        case .nil: false
        case .boolean(let b): b
        default: true
        }
    }

    /// A display form close to Lua's `tostring` (without metamethods).
    public var description: String {
        switch self {
        case .nil: "nil"
        case .boolean(let b): b ? "true" : "false"
        case .integer(let i): String(i)
        case .number(let d): LuaValue.format(d)
        case .string(let s): s.description
        case .table(let t): "table: \(t.identity)"
        case .function(let f): "function: \(f.identity)"
        case .userdata(let u): "userdata: \(u.identity)"
        case .lightUserdata(let p): "userdata: \(p.map { String(describing: $0) } ?? "NULL")"
        case .thread(let t): "thread: \(t.identity)"
        }
    }

    /// Formats a float the way Lua 5.4 does (`%.14g`, and `.0` on integral values).
    static func format(_ d: Double) -> String {
        if d.isNaN { return d.sign == .minus ? "-nan" : "nan" }
        if d.isInfinite { return d < 0 ? "-inf" : "inf" }
        var buffer = [CChar](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBufferPointer { pointer in
            withVaList([d]) { vsnprintf(pointer.baseAddress, 64, "%.14g", $0) }
        }
        var text = String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "n" || $0 == "i" }) { text += ".0" }
        return text
    }
}
