import CBehaveLua

/// A view of one Lua thread's stack, handed to Swift functions called from Lua.
///
/// Every operation here is raw (no metamethods) and cannot raise a Lua error, so it is safe to
/// use from Swift. Indices follow Lua: `1` is the first argument, negative counts from the top.
public struct LuaStack {
    /// The `lua_State *` of the running thread (a coroutine's own pointer inside coroutines).
    public let pointer: OpaquePointer
    /// The state the thread belongs to.
    public unowned(unsafe) let state: LuaState

    /// Wraps a thread pointer of `state`.
    public init(_ pointer: OpaquePointer, state: LuaState) {
        self.pointer = pointer
        self.state = state
    }

    /// The number of values on the stack (for a called function: its argument count).
    @inlinable public var count: Int32 { lua_gettop(pointer) }

    /// The Lua type of the value at `index` (`LUA_TNIL`, `LUA_TSTRING`, …; `LUA_TNONE` past the top).
    @inlinable public func type(at index: Int32) -> Int32 { lua_type(pointer, index) }

    /// Lua's name for the type at `index`, `"no value"` past the top.
    public func typeName(at index: Int32) -> String {
        String(cString: lua_typename(pointer, lua_type(pointer, index)))
    }

    /// Reads the value at `index` without losing anything.
    public func value(at index: Int32) -> LuaValue { value(at: index, stringBytes: .max) }

    /// Reads the value at `index`, keeping at most `stringBytes` bytes of a string: a reader that
    /// shows strings cut short copies no more of a large one than it shows.
    public func value(at index: Int32, stringBytes: Int) -> LuaValue {
        let L = pointer
        switch lua_type(L, index) {
        case LUA_TNIL, LUA_TNONE:
            return .nil
        case LUA_TBOOLEAN:
            return .boolean(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            if lua_isinteger(L, index) != 0 { return .integer(lua_tointegerx(L, index, nil)) }
            return .number(lua_tonumberx(L, index, nil))
        case LUA_TSTRING:
            return .string(LuaString(bytes: bytes(at: index, limit: stringBytes)))
        case LUA_TTABLE:
            lua_pushvalue(L, index)
            return .table(LuaTable(popping: state, from: L))
        case LUA_TFUNCTION:
            lua_pushvalue(L, index)
            return .function(LuaFunction(popping: state, from: L))
        case LUA_TUSERDATA:
            lua_pushvalue(L, index)
            return .userdata(LuaUserdata(popping: state, from: L))
        case LUA_TLIGHTUSERDATA:
            return .lightUserdata(lua_touserdata(L, index))
        case LUA_TTHREAD:
            lua_pushvalue(L, index)
            return .thread(LuaThread(popping: state, from: L))
        default:
            return .nil
        }
    }

    /// The bytes of the string at `index` (which must be a string).
    public func bytes(at index: Int32) -> [UInt8] { bytes(at: index, limit: .max) }

    /// The first `limit` bytes (or all, when fewer) of the string at `index`.
    func bytes(at index: Int32, limit: Int) -> [UInt8] {
        var length = 0
        guard let chars = lua_tolstring(pointer, index, &length) else { return [] }
        let kept = min(length, limit)
        return chars.withMemoryRebound(to: UInt8.self, capacity: kept) {
            Array(UnsafeBufferPointer(start: $0, count: kept))
        }
    }

    /// Pushes a value.
    @inlinable public func push(_ value: some LuaPushable) { value.push(to: self) }

    /// Pushes `nil`.
    @inlinable public func pushNil() { lua_pushnil(pointer) }

    /// Removes `n` values from the top.
    @inlinable public func pop(_ n: Int32 = 1) { lua_settop(pointer, -n - 1) }

    /// The values a Swift function, or a push closure, may push without a reservation
    /// (`LUA_MINSTACK`).
    public static let guaranteedRoom = Int(LUA_MINSTACK)

    /// How deep containers (arrays, dictionaries, `Codable` values, plain values) may nest when
    /// pushed: deeper ones are cut there (see ``enterContainer()``).
    public static let maximumNesting = 1000

    /// Makes room for `n` more values. A Swift function called from Lua starts with room for 20
    /// (`LUA_MINSTACK`), as does a push closure handed to ``LuaFunction/call(pushingArguments:)``;
    /// pushing more takes a reservation first. Returns false, and records the push as cut short
    /// (the next call into Lua, or the Swift function's return, then fails with a clear error),
    /// when Lua cannot grow the stack that far: past its limit of about a million values, or out
    /// of memory.
    public func reserve(_ n: Int) -> Bool {
        guard n > 0 else { return true }
        guard n < Int(Int32.max), lua_checkstack(pointer, Int32(n)) != 0 else {
            state.pushCut = .stack
            return false
        }
        return true
    }

    /// Called by a container's push with its table just pushed: room for a key and a value above
    /// it, one level deeper. Returns false when the nesting passes ``maximumNesting`` or the stack
    /// cannot grow; the container is then left empty, and the push recorded as cut short. After
    /// true, call ``leaveContainer()`` once the children are in.
    public func enterContainer() -> Bool {
        guard state.pushNesting < Self.maximumNesting else {
            state.pushCut = .nesting
            return false
        }
        guard reserve(2) else { return false }
        state.pushNesting += 1
        return true
    }

    /// Ends what ``enterContainer()`` began.
    public func leaveContainer() { state.pushNesting -= 1 }

    /// Pushes a new table with room for `arrayCount` sequence items and `hashCount` fields.
    @inlinable public func newTable(arrayCount: Int = 0, hashCount: Int = 0) {
        lua_createtable(pointer, Int32(clamping: arrayCount), Int32(clamping: hashCount))
    }

    /// Pops a value and stores it at `index` of the table at `table`, without metamethods.
    @inlinable public func rawSet(tableAt table: Int32, index: Int) {
        lua_rawseti(pointer, table, lua_Integer(index))
    }

    /// Pushes item `index` of the table at `table`, without metamethods.
    @inlinable public func rawGet(tableAt table: Int32, index: Int) {
        lua_rawgeti(pointer, table, lua_Integer(index))
    }

    /// Pops a key and a value (value on top) and stores them in the table at `table`,
    /// without metamethods.
    @inlinable public func rawSet(tableAt table: Int32) {
        lua_rawset(pointer, table)
    }
}
