import CBehaveLua

/// Building tables and functions on the stack, and the registry's named fields: the steps a host
/// takes to make its state, each as cheap as the C call it makes. Like the rest of ``LuaStack``,
/// none runs a metamethod.
extension LuaStack {
    /// Pushes the registry's field `name`: where a host keeps what scripts must not reach.
    @inlinable public func pushRegistryField(_ name: String) {
        lua_getfield(pointer, luashim_registryindex(), name)
    }

    /// Pops the value on top into the registry's field `name`.
    @inlinable public func setRegistryField(_ name: String) {
        lua_setfield(pointer, luashim_registryindex(), name)
    }

    /// Pops the value on top into field `name` of the table at `table`, without metamethods.
    @inlinable public func rawSet(tableAt table: Int32, field name: String) {
        let table = lua_absindex(pointer, table)
        lua_pushstring(pointer, name)
        lua_rotate(pointer, -2, 1)
        lua_rawset(pointer, table)
    }

    /// Pushes `function` as a light C function (no upvalues, nothing allocated).
    @inlinable public func push(cFunction function: lua_CFunction) { lua_pushcclosure(pointer, function, 0) }

    /// Pushes a copy of the value at `index`.
    @inlinable public func pushValue(at index: Int32) { lua_pushvalue(pointer, index) }

    /// Pops a table and makes it the metatable of the table at `index`.
    @inlinable public func setMetatable(ofTableAt index: Int32) { lua_setmetatable(pointer, index) }

    /// The address of the table, function, thread or userdata at `index`, which tells two of them
    /// apart; nil for any other value.
    @inlinable public func address(at index: Int32) -> UnsafeRawPointer? { lua_topointer(pointer, index) }

    /// Whether the running coroutine may yield here: not in the main thread, nor across a C call
    /// that cannot be resumed (a metamethod, an iterator, a sort comparator, a `gsub` callback).
    @inlinable public var isYieldable: Bool { lua_isyieldable(pointer) != 0 }
}
