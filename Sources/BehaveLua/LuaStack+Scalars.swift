import CBehaveLua

/// A slot's scalar read as it is, and bytes pushed as a string: the reads the host's hot paths
/// (the recorder's copy of an action's values, a typed action's result) make for each value,
/// each the one C call it costs. None converts, raises or runs a metamethod.
extension LuaStack {
    /// The boolean at `index` (false for nil and false, true for anything else).
    @inlinable public func boolean(at index: Int32) -> Bool { lua_toboolean(pointer, index) != 0 }

    /// Whether the number at `index` is an integer, not a float.
    @inlinable public func isInteger(at index: Int32) -> Bool { lua_isinteger(pointer, index) != 0 }

    /// The integer at `index` (0 when it is none).
    @inlinable public func integer(at index: Int32) -> lua_Integer { lua_tointegerx(pointer, index, nil) }

    /// The number at `index` (0 when it is none).
    @inlinable public func number(at index: Int32) -> Double { lua_tonumberx(pointer, index, nil) }

    /// The raw length of the string or table at `index`, no `__len` asked.
    @inlinable public func rawLength(at index: Int32) -> Int { Int(lua_rawlen(pointer, index)) }

    /// Pushes `bytes` as a string; the caller has made room for it.
    @inlinable public func push(bytes: UnsafeBufferPointer<CChar>) {
        _ = lua_pushlstring(pointer, bytes.baseAddress, bytes.count)
    }
}
