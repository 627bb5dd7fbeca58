import CBehaveLua

/// The registry's named fields, the globals table and C functions, as a host building its state
/// reads and makes them.
extension LuaState {
    /// The registry's field `name` (nil when unset).
    public func registryField(_ name: String) -> LuaValue {
        stack.pushRegistryField(name)
        defer { stack.pop() }
        return stack.value(at: -1)
    }

    /// The globals table itself, as the registry holds it (`LUA_RIDX_GLOBALS`), whatever `_G` says.
    public func globals() throws -> LuaTable {
        try ensureOpen()
        lua_rawgeti(pointer, luashim_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        return LuaTable(popping: self)
    }

    /// `function` as a Lua function: a C closure over `upvalues`, or a light C function with none.
    public func function(_ function: lua_CFunction, upvalues: [LuaValue] = []) throws -> LuaFunction {
        try ensureOpen()
        try makeRoom(upvalues.count + 1)
        for value in upvalues { value.push(to: stack) }
        lua_pushcclosure(pointer, function, Int32(upvalues.count))
        return LuaFunction(popping: self)
    }
}

extension LuaFunction {
    /// Replaces the function's upvalue `index` with `value` when it has one (a main chunk's first
    /// is its `_ENV`, the table its globals resolve in); false when it has none.
    @discardableResult
    public func replaceUpvalue(_ index: Int32, with value: some LuaPushable) -> Bool {
        let L = state.pointer
        push(to: state.stack)
        defer { luashim_pop(L, 1) }
        guard lua_getupvalue(L, -1, index) != nil else { return false }
        luashim_pop(L, 1)
        value.push(to: state.stack)
        _ = lua_setupvalue(L, -2, index)
        return true
    }
}

extension LuaTable {
    /// The table's metatable, read raw (a `__metatable` field hides nothing from the host); nil
    /// when it has none.
    public var metatable: LuaTable? {
        let L = state.pointer
        push(to: state.stack)
        defer { luashim_pop(L, 1) }
        guard lua_getmetatable(L, -1) != 0 else { return nil }
        return LuaTable(popping: state)
    }

    /// Walks the first `limit` fields in Lua's traversal order (raw, like `next`), handing `visit`
    /// each key and the type of its value (`LUA_TFUNCTION`, …), which is not read: a walk that
    /// needs only the names holds no reference to the values.
    public func forEachKey(limit: Int, _ visit: (_ key: LuaValue, _ valueType: Int32) -> Void) {
        let L = state.pointer
        guard limit > 0, lua_checkstack(L, 3) != 0 else { return }
        push(to: state.stack)
        defer { luashim_pop(L, 1) }
        var visited = 0
        lua_pushnil(L)
        while lua_next(L, -2) != 0 {
            visit(state.stack.value(at: -2), lua_type(L, -1))
            luashim_pop(L, 1)
            visited += 1
            if visited == limit {
                luashim_pop(L, 1)  // the key `next` would resume from
                break
            }
        }
    }
}
