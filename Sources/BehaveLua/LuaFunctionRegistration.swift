import CBehaveLua

/// Registering Swift closures as Lua functions.
///
/// Typed closures read their arguments and push their results through ``LuaReadable`` and
/// ``LuaPushable``; the conversions are resolved at compile time. A thrown error becomes a Lua
/// error the script can `pcall`; uncaught, it comes back to Swift as the original error.
///
/// ```swift
/// lua.register("add") { (a: Int, b: Int) in a + b }
/// lua.register("shout") { (s: String) in s.uppercased() }
/// lua.register("log") { (stack: LuaStack) in  // raw access
///     print(stack.count)
///     return 0
/// }
/// ```
extension LuaState {
    /// Makes a Lua function from a raw body that reads the stack and returns its result count.
    public func function(named name: String, _ body: @escaping (LuaStack) throws -> Int32) -> LuaFunction {
        pushFunction(named: name, body)
        return LuaFunction(popping: self)
    }

    /// Makes a Lua function that suspends its caller: `body` starts the work and pushes the
    /// values the calling coroutine yields to its scheduler; the scheduler later resumes it
    /// with `true, results...` (returned to the caller) or `false, error` (raised at the
    /// caller's line). Only a host with a scheduler (Behave's) can drive such a function.
    public func suspendingFunction(named name: String, _ body: @escaping (LuaStack) throws -> Int32) -> LuaFunction {
        pushFunction(named: name, suspending: true, body)
        return LuaFunction(popping: self)
    }

    /// Pushes onto the stack the function ``function(named:_:)`` (or, when `suspending`,
    /// ``suspendingFunction(named:_:)``) makes, with no reference to it kept: for building
    /// tables of many functions, which then hold them. Needs room for two values on the stack.
    public func pushFunction(
        named name: String, suspending: Bool = false, _ body: @escaping (LuaStack) throws -> Int32
    ) {
        pushCallback(LuaCallbackBox(name: name, body: body), suspending: suspending)
    }

    /// Sets global `name` to a raw Swift function.
    public func register(_ name: String, raw body: @escaping (LuaStack) throws -> Int32) {
        pushCallback(LuaCallbackBox(name: name, body: body))
        setRawGlobal(name)
    }

    /// Pops the top value into global `name` without metamethods.
    func setRawGlobal(_ name: String) {
        lua_rawgeti(pointer, luashim_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        lua_rotate(pointer, -2, 1)
        lua_pushstring(pointer, name)
        lua_rotate(pointer, -2, 1)
        lua_rawset(pointer, -3)
        luashim_pop(pointer, 1)
    }

    @inlinable
    public func register<R: LuaPushable>(_ name: String, _ body: @escaping () throws -> R) {
        register(
            name,
            raw: { stack in
                try body().push(to: stack)
                return 1
            })
    }

    @inlinable
    public func register(_ name: String, _ body: @escaping () throws -> Void) {
        register(
            name,
            raw: { _ in
                try body()
                return 0
            })
    }

    @inlinable
    public func register<A: LuaReadable, R: LuaPushable>(_ name: String, _ body: @escaping (A) throws -> R) {
        register(
            name,
            raw: { stack in
                try body(A.read(from: stack, at: 1)).push(to: stack)
                return 1
            })
    }

    @inlinable
    public func register<A: LuaReadable>(_ name: String, _ body: @escaping (A) throws -> Void) {
        register(
            name,
            raw: { stack in
                try body(A.read(from: stack, at: 1))
                return 0
            })
    }

    @inlinable
    public func register<A: LuaReadable, B: LuaReadable, R: LuaPushable>(
        _ name: String, _ body: @escaping (A, B) throws -> R
    ) {
        register(
            name,
            raw: { stack in
                try body(A.read(from: stack, at: 1), B.read(from: stack, at: 2)).push(to: stack)
                return 1
            })
    }

    @inlinable
    public func register<A: LuaReadable, B: LuaReadable>(_ name: String, _ body: @escaping (A, B) throws -> Void) {
        register(
            name,
            raw: { stack in
                try body(A.read(from: stack, at: 1), B.read(from: stack, at: 2))
                return 0
            })
    }

    @inlinable
    public func register<A: LuaReadable, B: LuaReadable, C: LuaReadable, R: LuaPushable>(
        _ name: String, _ body: @escaping (A, B, C) throws -> R
    ) {
        register(
            name,
            raw: { stack in
                try body(A.read(from: stack, at: 1), B.read(from: stack, at: 2), C.read(from: stack, at: 3))
                    .push(to: stack)
                return 1
            })
    }

    @inlinable
    public func register<A: LuaReadable, B: LuaReadable, C: LuaReadable>(
        _ name: String, _ body: @escaping (A, B, C) throws -> Void
    ) {
        register(
            name,
            raw: { stack in
                try body(A.read(from: stack, at: 1), B.read(from: stack, at: 2), C.read(from: stack, at: 3))
                return 0
            })
    }
}
