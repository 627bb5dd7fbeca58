import CBehave
import CBehaveLua

/// Carries a Swift error through Lua as a userdata, so a script can `pcall` it and, when no
/// script catches it, Swift gets the original error back.
final class SwiftErrorBox {
    static let metatableName = BEHAVE_ERROR_METATABLE
    let error: any Error

    init(_ error: any Error) { self.error = error }

    /// Pushes the userdata for `error` (uservalue 1: the caller's position, set by the trampoline).
    static func push(_ error: any Error, onto L: OpaquePointer, state: LuaState) {
        let raw = lua_newuserdatauv(L, MemoryLayout<behave_callback>.size, 1)!
        raw.assumingMemoryBound(to: behave_callback.self).initialize(
            to: behave_callback(
                context: Unmanaged.passRetained(SwiftErrorBox(error) as AnyObject).toOpaque(),
                function: nil))
        luaL_setmetatable(L, metatableName)
    }

    /// The Swift error carried by the value at `index`, if it is one of ours.
    static func error(at index: Int32, in L: OpaquePointer) -> (any Error)? {
        guard let raw = luaL_testudata(L, index, metatableName) else { return nil }
        guard let context = raw.assumingMemoryBound(to: behave_callback.self).pointee.context else { return nil }
        return Unmanaged<SwiftErrorBox>.fromOpaque(context).takeUnretainedValue().error
    }

    /// Where the error at `index` was raised (`chunk:line: `), as the trampoline recorded it.
    static func position(at index: Int32, in state: LuaState) -> String? {
        let L = state.pointer
        guard luaL_testudata(L, index, metatableName) != nil else { return nil }
        defer { luashim_pop(L, 1) }
        return lua_getiuservalue(L, index, 1) == LUA_TSTRING ? state.stack.value(at: -1).string : nil
    }

    /// `tostring(err)` gives `chunk:line: description`.
    static func installToString(in state: LuaState) {
        let L = state.pointer
        lua_getfield(L, luashim_registryindex(), metatableName)
        let box = LuaCallbackBox(name: "__tostring") { stack in
            let where_ = lua_getiuservalue(stack.pointer, 1, 1) == LUA_TSTRING ? stack.value(at: -1).string ?? "" : ""
            let text = SwiftErrorBox.error(at: 1, in: stack.pointer).map { String(describing: $0) } ?? "Swift error"
            lua_pushstring(stack.pointer, where_ + text)
            return 1
        }
        state.pushCallback(box)
        lua_setfield(L, -2, "__tostring")
        luashim_pop(L, 1)
    }
}
