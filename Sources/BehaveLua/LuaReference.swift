import CBehaveLua

/// A slot in a state's registry that keeps one Lua object alive until the last Swift copy
/// of its handle is released.
public final class LuaReference {
    /// The state the object lives in.
    public let state: LuaState
    let slot: Int32

    /// Pops the value on top of `thread`'s stack into the registry.
    init(popping state: LuaState, from thread: OpaquePointer) {
        self.state = state
        // luaL_ref only does raw table writes on the registry; an allocation here happens with
        // a Swift frame on the stack, where the allocator never refuses.
        slot = luaL_ref(thread, luashim_registryindex())
    }

    deinit {
        if !state.isClosed { luaL_unref(state.pointer, luashim_registryindex(), slot) }
    }

    /// Pushes the object onto `thread`'s stack.
    func push(onto thread: OpaquePointer) {
        lua_rawgeti(thread, luashim_registryindex(), lua_Integer(slot))
    }

    /// An address-like identity for display (`0x5581…`).
    var identity: String {
        guard !state.isClosed else { return "(closed)" }
        push(onto: state.pointer)
        defer { luashim_pop(state.pointer, 1) }
        // As Lua's %p prints it: 0x and the address in hex, no padding.
        return lua_topointer(state.pointer, -1).map { "0x" + String(UInt(bitPattern: $0), radix: 16) } ?? "NULL"
    }
}

/// Something held through a ``LuaReference``.
public protocol LuaReferenced: LuaPushable {
    /// The registry slot keeping the object alive.
    var reference: LuaReference { get }
}

extension LuaReferenced {
    /// The state the object lives in.
    public var state: LuaState { reference.state }
    var identity: String { reference.identity }

    /// Pushes the referenced object.
    public func push(to stack: LuaStack) { reference.push(onto: stack.pointer) }
}

/// A Lua function held from Swift.
///
/// ```swift
/// let add = try lua.run("return function(a, b) return a + b end")[0].function!
/// let sum = try add.call(2, 3)  // [.integer(5)]
/// ```
public struct LuaFunction: LuaReferenced {
    public let reference: LuaReference

    init(popping state: LuaState, from thread: OpaquePointer? = nil) {
        reference = LuaReference(popping: state, from: thread ?? state.pointer)
    }

    /// Calls the function under protection and returns all its results.
    @discardableResult
    public func call(_ arguments: any LuaPushable...) throws -> [LuaValue] {
        try call(arguments: arguments)
    }

    /// Calls the function with an array of arguments and returns all its results.
    @discardableResult
    public func call(arguments: [any LuaPushable]) throws -> [LuaValue] {
        let state = reference.state
        try state.ensureOpen()
        let L = state.pointer
        guard lua_checkstack(L, Int32(arguments.count) + 3) != 0 else {
            throw LuaError(kind: .runtime, message: "too many arguments (\(arguments.count))")
        }
        reference.push(onto: L)
        for argument in arguments { argument.push(to: state.stack) }
        return try state.protectedCall(argumentCount: Int32(arguments.count))
    }

    /// Calls the function with arguments `push` puts on the stack (returning how many), for
    /// argument lists whose length is known only at run time. `push` has room for 20 values;
    /// for more it calls ``LuaStack/reserve(_:)`` first.
    @discardableResult
    public func call(pushingArguments push: (LuaStack) -> Int32) throws -> [LuaValue] {
        let state = reference.state
        try state.ensureOpen()
        let L = state.pointer
        let base = lua_gettop(L)
        guard lua_checkstack(L, Int32(LuaStack.guaranteedRoom) + 3) != 0 else {
            throw LuaError(kind: .memory, message: "not enough memory")
        }
        reference.push(onto: L)
        let count = push(state.stack)
        if state.pushCut != nil {
            lua_settop(L, base)
            try state.checkPushes()
        }
        guard lua_gettop(L) == base + 1 + count else {
            lua_settop(L, base)
            throw LuaError(kind: .runtime, message: "arguments pushed do not match their count")
        }
        return try state.protectedCall(argumentCount: count)
    }
}

/// A Lua table held from Swift. Access is raw: no metamethod runs, so nothing a script put in
/// a metatable can run from here.
///
/// ```swift
/// let t = try lua.run("return {10, 20, x = 'y'}")[0].table!
/// let first = t[1]  // .integer(10)
/// let x = t["x"]  // .string("y")
/// let border = t.count  // 2, as `#t` without __len
/// ```
public struct LuaTable: LuaReferenced {
    public let reference: LuaReference

    init(popping state: LuaState, from thread: OpaquePointer? = nil) {
        reference = LuaReference(popping: state, from: thread ?? state.pointer)
    }

    /// Creates an empty table in `state`.
    public init(in state: LuaState) throws {
        try state.ensureOpen()
        lua_createtable(state.pointer, 0, 0)
        self.init(popping: state)
    }

    /// The border of the array part, as `rawlen`.
    public var count: Int {
        let L = state.pointer
        reference.push(onto: L)
        defer { luashim_pop(L, 1) }
        return Int(lua_rawlen(L, -1))
    }

    /// Reads `t[key]` raw.
    public subscript(key: some LuaPushable) -> LuaValue {
        let L = state.pointer
        reference.push(onto: L)
        key.push(to: state.stack)
        lua_rawget(L, -2)
        defer { luashim_pop(L, 2) }
        return state.stack.value(at: -1)
    }

    /// Writes `t[key] = value` raw. A `nil` or NaN key is an error, as in Lua.
    public func set(_ key: some LuaPushable, _ value: some LuaPushable) throws {
        let L = state.pointer
        try state.ensureOpen()
        guard lua_checkstack(L, 3) != 0 else { throw LuaError(kind: .memory, message: "not enough memory") }
        key.push(to: state.stack)
        defer { lua_settop(L, -2) }
        if lua_type(L, -1) == LUA_TNIL { throw LuaError(kind: .runtime, message: "table index is nil") }
        if lua_type(L, -1) == LUA_TNUMBER, lua_isinteger(L, -1) == 0, lua_tonumberx(L, -1, nil).isNaN {
            throw LuaError(kind: .runtime, message: "table index is NaN")
        }
        reference.push(onto: L)
        lua_rotate(L, -2, 1)  // table, key
        value.push(to: state.stack)  // table, key, value
        lua_rawset(L, -3)  // table
        try state.checkPushes()
    }

    /// Values `t[1]…t[#t]`, raw.
    public var arrayValues: [LuaValue] {
        let n = count
        guard n > 0 else { return [] }
        let L = state.pointer
        reference.push(onto: L)
        defer { luashim_pop(L, 1) }
        var values: [LuaValue] = []
        values.reserveCapacity(n)
        for i in 1...n {
            lua_rawgeti(L, -1, lua_Integer(i))
            values.append(state.stack.value(at: -1))
            luashim_pop(L, 1)
        }
        return values
    }

    /// Every key–value pair, in Lua's traversal order (raw, like `next`).
    public var pairs: [(key: LuaValue, value: LuaValue)] { pairs(limit: .max, stringBytes: .max) }

    /// Walks the key–value pairs in Lua's traversal order (raw, like `next`) while `body` returns
    /// true, each string cut to `stringBytes()` bytes, asked before each pair: a walk whose caller
    /// spends a budget as it goes never reads more than that budget allows. `body` may walk other
    /// tables; it must not change this one.
    public func walkPairs(stringBytes: () -> Int, _ body: (LuaValue, LuaValue) -> Bool) {
        let L = state.pointer
        guard lua_checkstack(L, 3) != 0 else { return }
        reference.push(onto: L)
        let table = lua_gettop(L)
        defer { lua_settop(L, table - 1) }
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            let stack = state.stack
            let limit = max(0, stringBytes())
            let keep = body(stack.value(at: -2, stringBytes: limit), stack.value(at: -1, stringBytes: limit))
            luashim_pop(L, 1)
            if !keep { break }
        }
    }

    /// The first `limit` key–value pairs in Lua's traversal order (raw, like `next`), each string
    /// cut to `stringBytes` bytes (``LuaStack/value(at:stringBytes:)``). The walk stops there: a
    /// table of any size, holding strings of any length, costs no more than `limit` short steps.
    public func pairs(limit: Int, stringBytes: Int) -> [(key: LuaValue, value: LuaValue)] {
        let L = state.pointer
        guard limit > 0, lua_checkstack(L, 3) != 0 else { return [] }
        reference.push(onto: L)
        defer { luashim_pop(L, 1) }
        var result: [(key: LuaValue, value: LuaValue)] = []
        lua_pushnil(L)
        while lua_next(L, -2) != 0 {
            let stack = state.stack
            result.append(
                (stack.value(at: -2, stringBytes: stringBytes), stack.value(at: -1, stringBytes: stringBytes)))
            luashim_pop(L, 1)
            if result.count == limit {
                luashim_pop(L, 1)  // the key `next` would resume from
                break
            }
        }
        return result
    }
}

/// A full userdata held from Swift.
public struct LuaUserdata: LuaReferenced {
    public let reference: LuaReference
    init(popping state: LuaState, from thread: OpaquePointer? = nil) {
        reference = LuaReference(popping: state, from: thread ?? state.pointer)
    }
}

/// A Lua thread (coroutine) held from Swift.
public struct LuaThread: LuaReferenced {
    public let reference: LuaReference
    init(popping state: LuaState, from thread: OpaquePointer? = nil) {
        reference = LuaReference(popping: state, from: thread ?? state.pointer)
    }

    /// The thread's own `lua_State *`.
    public var pointer: OpaquePointer? {
        let L = state.pointer
        reference.push(onto: L)
        defer { luashim_pop(L, 1) }
        return lua_tothread(L, -1)
    }
}
