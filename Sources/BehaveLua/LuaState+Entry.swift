import CBehave
import CBehaveLua

extension LuaState {
    /// Runs a C layer's typed entry point: a C function that takes the values on top of the
    /// stack, makes one protected call into Lua with the bridge's message handler, and returns
    /// Lua's status (the runtime's `behave_runtime_step` and its kin). The call runs as
    /// ``LuaFunction/call(_:)`` does, with the allocator enforcing the limits; a failed status
    /// becomes the error that call would throw, and the stack goes back to `base`.
    ///
    /// - Parameters:
    ///   - base: the stack's top below the values the entry takes; on success, what the entry
    ///     leaves is above it, for the caller to read and pop.
    ///   - entry: the call, given the state's pointer.
    public func enter(base: Int32, _ entry: (OpaquePointer) -> Int32) throws {
        try ensureOpen()
        let L = pointer
        if pushCut != nil {
            lua_settop(L, base)
            try checkPushes()
        }
        let savedEnforcing = control.beginEnforcing()
        let status = entry(L)
        control.endEnforcing(savedEnforcing)
        guard status != LUA_OK else { return }
        guard status >= 0 else {
            lua_settop(L, base)
            throw LuaError(kind: .memory, message: "not enough memory")
        }
        throw failure(status: status, base: base)
    }

    /// The error of a protected call that failed with `status`, its traceback taken from where
    /// the message handler left it; the stack goes back to `base`.
    func failure(status: Int32, base: Int32) -> Error {
        lua_getfield(pointer, luashim_registryindex(), BEHAVE_REGISTRY_TRACEBACK)
        let traceback = stack.value(at: -1).string
        luashim_pop(pointer, 1)
        let error = makeError(status: status, traceback: traceback)
        lua_settop(pointer, base)
        return error
    }

    /// Makes room for the `n` values an entry point takes, or throws, before they are pushed.
    public func makeRoom(_ n: Int) throws {
        guard n < Int(Int32.max), lua_checkstack(pointer, Int32(n)) != 0 else {
            throw LuaError(kind: .memory, message: "not enough memory for \(n) values on the stack")
        }
    }

    /// The values above `base`, read, then popped: what an entry point left.
    public func take(above base: Int32) throws -> [LuaValue] {
        let L = pointer
        let top = lua_gettop(L)
        guard top > base else {
            lua_settop(L, base)
            return []
        }
        // Reading a table, function or thread pushes a copy of it for a moment.
        guard lua_checkstack(L, 1) != 0 else {
            lua_settop(L, base)
            throw LuaError(kind: .runtime, message: "too many results (\(top - base)) for the stack")
        }
        let values = ((base + 1)...top).map { stack.value(at: $0) }
        lua_settop(L, base)
        return values
    }
}
