import CBehave
import CBehaveLua

/// The globals table, read and written raw: a script's metatable on it runs no code of Swift's.
extension LuaState {
    /// Reads a global variable without invoking metamethods on the globals table.
    public func global(_ name: String) throws -> LuaValue {
        try ensureOpen()
        lua_rawgeti(pointer, luashim_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        lua_pushstring(pointer, name)
        lua_rawget(pointer, -2)
        defer { luashim_pop(pointer, 2) }
        return stack.value(at: -1)
    }

    /// Sets a global variable without invoking metamethods on the globals table.
    public func setGlobal(_ name: String, _ value: some LuaPushable) throws {
        try ensureOpen()
        guard lua_checkstack(pointer, 3) != 0 else { throw LuaError(kind: .memory, message: "not enough memory") }
        lua_rawgeti(pointer, luashim_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        lua_pushstring(pointer, name)
        value.push(to: stack)
        lua_rawset(pointer, -3)
        luashim_pop(pointer, 1)
        try checkPushes()
    }
}
