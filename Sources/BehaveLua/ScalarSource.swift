import CBehaveLua

/// Where a decoder reads a scalar from: a slot of the Lua stack, or a node of a copied tree.
/// Both decoders convert scalars through ``ScalarDecoding``, so they accept the same values
/// and word their errors alike.
protocol ScalarSource {
    /// Lua's name for the value's type, for errors.
    var typeName: String { get }
    /// The value when it is an integer.
    var integerValue: Int64? { get }
    /// The value when it is an integer or a float with an exact integer value in Int64's range
    /// (what `lua_tointegerx` converts): what an integer field accepts.
    var exactInteger: Int64? { get }
    /// The value when it is a float.
    var floatValue: Double? { get }
    /// The value when it is a string (invalid UTF-8 repaired).
    var stringValue: String? { get }
    /// The value when it is a boolean.
    var booleanValue: Bool? { get }
}

/// One value on the stack, with its type (asked for once: `lua_rawget` and `lua_rawgeti` return it).
struct StackSlot: ScalarSource {
    let stack: LuaStack
    let index: Int32
    let type: Int32

    var typeName: String { stack.typeName(at: index) }
    var integerValue: Int64? {
        type == LUA_TNUMBER && lua_isinteger(stack.pointer, index) != 0
            ? lua_tointegerx(stack.pointer, index, nil) : nil
    }
    var exactInteger: Int64? {
        guard type == LUA_TNUMBER else { return nil }
        var exact: Int32 = 0
        let value = lua_tointegerx(stack.pointer, index, &exact)
        return exact != 0 ? value : nil
    }
    var floatValue: Double? {
        type == LUA_TNUMBER && lua_isinteger(stack.pointer, index) == 0 ? lua_tonumberx(stack.pointer, index, nil) : nil
    }
    var stringValue: String? { type == LUA_TSTRING ? String.decode(stack, index) : nil }
    var booleanValue: Bool? { type == LUA_TBOOLEAN ? lua_toboolean(stack.pointer, index) != 0 : nil }
}

extension StackSlot {
    /// The value at `index`, its type asked of Lua.
    init(stack: LuaStack, index: Int32) { self.init(stack: stack, index: index, type: lua_type(stack.pointer, index)) }
}

extension LuaNode: ScalarSource {
    var integerValue: Int64? { if case .integer(let i) = self { i } else { nil } }
    var exactInteger: Int64? {
        switch self {
        case .integer(let i): i
        case .number(let d): Int64(exactly: d)
        default: nil
        }
    }
    var floatValue: Double? { if case .number(let d) = self { d } else { nil } }
    var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    var booleanValue: Bool? { if case .boolean(let b) = self { b } else { nil } }
}

/// The scalar conversions: an integer from an integer or an integral float, a float from
/// either number, strings and booleans only from their own types.
enum ScalarDecoding {
    static func integer<I: FixedWidthInteger>(
        _: I.Type, _ source: some ScalarSource,
        _ path: () -> [any CodingKey]
    ) throws -> I {
        if let i = source.exactInteger, let v = I(exactly: i) { return v }
        // A float beyond Int64 that an unsigned type still holds exactly.
        if let d = source.floatValue, let v = I(exactly: d) { return v }
        throw mismatch("integer", source.typeName, path())
    }

    static func double(_ source: some ScalarSource, _ path: () -> [any CodingKey]) throws -> Double {
        if let i = source.integerValue { return Double(i) }
        if let d = source.floatValue { return d }
        throw mismatch("number", source.typeName, path())
    }

    static func string(_ source: some ScalarSource, _ path: () -> [any CodingKey]) throws -> String {
        guard let s = source.stringValue else { throw mismatch("string", source.typeName, path()) }
        return s
    }

    static func boolean(_ source: some ScalarSource, _ path: () -> [any CodingKey]) throws -> Bool {
        guard let b = source.booleanValue else { throw mismatch("boolean", source.typeName, path()) }
        return b
    }

    /// Whether `T` is one of the scalar types ``scalar(_:_:_:)`` converts. Asked first, so that a
    /// struct or an array is compared with them once and costs no `Optional<T>` (generic
    /// metadata looked up at run time, about as much as decoding a field costs).
    static func isScalar<T>(_: T.Type) -> Bool {
        T.self == Int.self || T.self == String.self || T.self == Bool.self || T.self == Double.self
            || T.self == Float.self || T.self == Int8.self || T.self == Int16.self || T.self == Int32.self
            || T.self == Int64.self || T.self == UInt.self || T.self == UInt8.self || T.self == UInt16.self
            || T.self == UInt32.self || T.self == UInt64.self
    }

    /// The value as `T`, which ``isScalar(_:)`` has said is one of the scalar types.
    static func scalar<T: Decodable>(
        _ type: T.Type, _ source: some ScalarSource,
        _ path: () -> [any CodingKey]
    ) throws -> T {
        // Compared and converted without a dynamic cast (`is Float.Type` costs a runtime call
        // each): `T` is only known at run time when a container's generic `decode` is called
        // through its box.
        if T.self == Int.self { return unsafeBitCast(try integer(Int.self, source, path), to: T.self) }
        if T.self == String.self { return unsafeBitCast(try string(source, path), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try boolean(source, path), to: T.self) }
        if T.self == Double.self { return unsafeBitCast(try double(source, path), to: T.self) }
        if T.self == Float.self { return unsafeBitCast(Float(try double(source, path)), to: T.self) }
        if T.self == Int8.self { return unsafeBitCast(try integer(Int8.self, source, path), to: T.self) }
        if T.self == Int16.self { return unsafeBitCast(try integer(Int16.self, source, path), to: T.self) }
        if T.self == Int32.self { return unsafeBitCast(try integer(Int32.self, source, path), to: T.self) }
        if T.self == Int64.self { return unsafeBitCast(try integer(Int64.self, source, path), to: T.self) }
        if T.self == UInt.self { return unsafeBitCast(try integer(UInt.self, source, path), to: T.self) }
        if T.self == UInt8.self { return unsafeBitCast(try integer(UInt8.self, source, path), to: T.self) }
        if T.self == UInt16.self { return unsafeBitCast(try integer(UInt16.self, source, path), to: T.self) }
        if T.self == UInt32.self { return unsafeBitCast(try integer(UInt32.self, source, path), to: T.self) }
        precondition(T.self == UInt64.self, "ScalarDecoding.scalar called for \(T.self), not a scalar type")
        return unsafeBitCast(try integer(UInt64.self, source, path), to: T.self)
    }
}
