import CBehave
import CBehaveLua

/// Swift functions in Lua: the metatables their userdata share, and how each is pushed.
extension LuaState {
    func installCallbackMetatables() {
        // One finalizer for every userdata whose context Swift retained.
        let box = LuaCallbackBox(name: "__gc") { stack in
            if let raw = lua_touserdata(stack.pointer, 1) {
                let callback = raw.assumingMemoryBound(to: behave_callback.self)
                if let context = callback.pointee.context {
                    Unmanaged<AnyObject>.fromOpaque(context).release()
                    callback.pointee.context = nil
                }
            }
            return 0
        }
        finalizer = box
        for name in [LuaCallbackBox.metatableName, SwiftErrorBox.metatableName] {
            luaL_newmetatable(pointer, name)
            pushCallback(box, retained: false)
            lua_setfield(pointer, -2, "__gc")
            lua_pushboolean(pointer, 1)
            lua_setfield(pointer, -2, "__metatable")  // scripts can neither read nor replace it
            luashim_pop(pointer, 1)
        }
        SwiftErrorBox.installToString(in: self)
    }

    /// Pushes a Lua function that calls `box`: a light C function with a slot of this state's
    /// (no upvalue to read per call, light.c) while slots are left, else (and for a suspending
    /// function) a C closure around the trampoline whose userdata's `__gc` releases the box. A
    /// slot's box lives as long as the state.
    func pushCallback(_ box: LuaCallbackBox, retained: Bool = true, suspending: Bool = false) {
        let L = pointer
        box.attach(to: self)
        if retained, !suspending {
            if let light = control.addSlot(box.function) {
                _ = Unmanaged.passRetained(box)  // the slot's claim, given up by releaseSlots
                lua_pushcclosure(L, light, 0)
                return
            }
        }
        let raw = lua_newuserdatauv(L, MemoryLayout<behave_callback>.size, 1)!
        let callback = raw.assumingMemoryBound(to: behave_callback.self)
        callback.initialize(
            to: behave_callback(
                context: retained
                    ? Unmanaged.passRetained(box as AnyObject).toOpaque()
                    : Unmanaged.passUnretained(box as AnyObject).toOpaque(),
                function: box.function))
        if retained {
            luaL_setmetatable(L, LuaCallbackBox.metatableName)
        }
        if suspending {
            lua_pushcclosure(L, behave_async_trampoline, 1)
        } else {
            lua_pushcclosure(L, behave_trampoline, 1)
        }
    }

    /// Releases the boxes of the light slots, once no Lua code can call them any more.
    func releaseSlots() {
        control.releaseSlots { LuaCallbackBox.of($0).release() }
    }
}
