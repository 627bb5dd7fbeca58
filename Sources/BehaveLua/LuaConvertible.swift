import CBehaveLua

/// A Swift value that can be pushed onto a Lua stack.
///
/// Conformances are resolved statically, so typed functions pay no dynamic cast per call.
public protocol LuaPushable {
    /// Pushes exactly one value.
    func push(to stack: LuaStack)
}

/// A Swift value that can be read from a Lua stack.
public protocol LuaReadable {
    /// Reads the value at `index`, throwing ``LuaArgumentError`` when it does not convert.
    static func read(from stack: LuaStack, at index: Int32) throws -> Self
}

/// A value that goes both ways.
public typealias LuaConvertible = LuaPushable & LuaReadable

extension Int: LuaPushable, LuaReadable {
    @inlinable public func push(to stack: LuaStack) { lua_pushinteger(stack.pointer, lua_Integer(self)) }
    @inlinable public static func read(from stack: LuaStack, at index: Int32) throws -> Int {
        Int(try Int64.read(from: stack, at: index))
    }
}

extension Int64: LuaPushable, LuaReadable {
    @inlinable public func push(to stack: LuaStack) { lua_pushinteger(stack.pointer, self) }
    @inlinable public static func read(from stack: LuaStack, at index: Int32) throws -> Int64 {
        // One call, as luaL_checkinteger makes it: an integer, or a float or string that
        // converts to one.
        let read = luashim_tointeger(stack.pointer, index)
        if read.converted != 0 { return read.value }
        throw integerError(stack, index)
    }
}

@usableFromInline
func integerError(_ stack: LuaStack, _ index: Int32) -> LuaArgumentError {
    if lua_type(stack.pointer, index) == LUA_TNUMBER {
        return LuaArgumentError(position: index, reason: "number has no integer representation")
    }
    return LuaArgumentError(expected: "number", at: index, in: stack)
}

extension Double: LuaPushable, LuaReadable {
    @inlinable public func push(to stack: LuaStack) { lua_pushnumber(stack.pointer, self) }
    @inlinable public static func read(from stack: LuaStack, at index: Int32) throws -> Double {
        let read = luashim_tonumber(stack.pointer, index)
        if read.converted != 0 { return read.value }
        throw LuaArgumentError(expected: "number", at: index, in: stack)
    }
}

extension Bool: LuaPushable, LuaReadable {
    @inlinable public func push(to stack: LuaStack) { lua_pushboolean(stack.pointer, self ? 1 : 0) }
    /// Lua truthiness: any value converts (`nil` and `false` are false).
    @inlinable public static func read(from stack: LuaStack, at index: Int32) throws -> Bool {
        lua_toboolean(stack.pointer, index) != 0
    }
}

extension String: LuaPushable, LuaReadable {
    @inlinable public func push(to stack: LuaStack) {
        /// Pushes `bytes` as a Lua string.
        func push(_ bytes: UnsafeBufferPointer<UInt8>) {
            bytes.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(stack.pointer, $0.baseAddress, $0.count) }
        }
        // Native and small strings lend their bytes without a copy of the string (or a retain).
        guard utf8.withContiguousStorageIfAvailable(push) == nil else { return }
        var copy = self
        copy.withUTF8(push)
    }
    /// Strings and numbers convert (as `luaL_checkstring`); invalid UTF-8 is repaired with U+FFFD.
    /// Read ``LuaString`` to keep every byte.
    @inlinable public static func read(from stack: LuaStack, at index: Int32) throws -> String {
        let type = lua_type(stack.pointer, index)
        guard type == LUA_TSTRING || type == LUA_TNUMBER else {
            throw LuaArgumentError(expected: "string", at: index, in: stack)
        }
        if type == LUA_TNUMBER {
            // Convert a copy: lua_tolstring would change the caller's value (or a `next` key) in place.
            lua_pushvalue(stack.pointer, index)
            defer { stack.pop() }
            return decode(stack, -1)
        }
        return decode(stack, index)
    }

    /// The string at `index`, which is a Lua string: through the state's ``StringCache`` when
    /// it is short.
    @usableFromInline static func decode(_ stack: LuaStack, _ index: Int32) -> String {
        let L = stack.pointer
        let string = luashim_tolstring(L, index)
        let chars = string.chars.unsafelyUnwrapped
        let length = string.length
        guard length <= StringCache.longestCached else { return StringCache.decode(chars, length) }
        // Unretained: the state outlives every stack of its own.
        return Unmanaged.passUnretained(stack.state)._withUnsafeGuaranteedRef { state in
            if state.stringCache == nil { state.stringCache = StringCache(L) }
            guard let cache = state.stringCache else { return StringCache.decode(chars, length) }
            return cache.string(L, at: index, chars: chars, length: length)
        }
    }
}

extension LuaString: LuaPushable, LuaReadable {
    public func push(to stack: LuaStack) {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(stack.pointer, $0.baseAddress, $0.count) }
        }
    }
    public static func read(from stack: LuaStack, at index: Int32) throws -> LuaString {
        let type = lua_type(stack.pointer, index)
        guard type == LUA_TSTRING || type == LUA_TNUMBER else {
            throw LuaArgumentError(expected: "string", at: index, in: stack)
        }
        if type == LUA_TNUMBER {
            // Convert a copy: lua_tolstring would change the caller's value in place.
            lua_pushvalue(stack.pointer, index)
            defer { stack.pop() }
            _ = lua_tolstring(stack.pointer, -1, nil)
            return LuaString(bytes: stack.bytes(at: -1))
        }
        return LuaString(bytes: stack.bytes(at: index))
    }
}

extension LuaValue: LuaPushable, LuaReadable {
    public func push(to stack: LuaStack) {
        let L = stack.pointer
        switch self {
        case .nil: lua_pushnil(L)
        case .boolean(let b): lua_pushboolean(L, b ? 1 : 0)
        case .integer(let i): lua_pushinteger(L, i)
        case .number(let d): lua_pushnumber(L, d)
        case .string(let s): s.push(to: stack)
        case .table(let t): t.push(to: stack)
        case .function(let f): f.push(to: stack)
        case .userdata(let u): u.push(to: stack)
        case .lightUserdata(let p): lua_pushlightuserdata(L, p)
        case .thread(let t): t.push(to: stack)
        }
    }
    public static func read(from stack: LuaStack, at index: Int32) throws -> LuaValue { stack.value(at: index) }
}

extension LuaTable: LuaReadable {
    public static func read(from stack: LuaStack, at index: Int32) throws -> LuaTable {
        guard case .table(let t) = stack.value(at: index) else {
            throw LuaArgumentError(expected: "table", at: index, in: stack)
        }
        return t
    }
}

extension LuaFunction: LuaReadable {
    public static func read(from stack: LuaStack, at index: Int32) throws -> LuaFunction {
        guard case .function(let f) = stack.value(at: index) else {
            throw LuaArgumentError(expected: "function", at: index, in: stack)
        }
        return f
    }
}

extension Optional: LuaPushable where Wrapped: LuaPushable {
    @inlinable public func push(to stack: LuaStack) {
        if let value = self { value.push(to: stack) } else { lua_pushnil(stack.pointer) }
    }
}

extension Optional: LuaReadable where Wrapped: LuaReadable {
    /// `nil` (or a missing argument) reads as `.none`.
    @inlinable public static func read(from stack: LuaStack, at index: Int32) throws -> Wrapped? {
        if luashim_isnoneornil(stack.pointer, index) != 0 { return nil }
        return try Wrapped.read(from: stack, at: index)
    }
}

extension Array: LuaPushable where Element: LuaPushable {
    /// Pushes a sequence `{e1, e2, …}`.
    public func push(to stack: LuaStack) {
        let L = stack.pointer
        lua_createtable(L, Int32(clamping: count), 0)
        guard stack.enterContainer() else { return }
        defer { stack.leaveContainer() }
        for (offset, element) in enumerated() {
            element.push(to: stack)
            lua_rawseti(L, -2, lua_Integer(offset + 1))
        }
    }
}

extension Array: LuaReadable where Element: LuaReadable {
    /// Reads `t[1]…t[#t]` (raw) of a table.
    public static func read(from stack: LuaStack, at index: Int32) throws -> [Element] {
        let L = stack.pointer
        guard lua_type(L, index) == LUA_TTABLE else { throw LuaArgumentError(expected: "table", at: index, in: stack) }
        let table = lua_absindex(L, index)
        let n = Int(lua_rawlen(L, table))
        var result: [Element] = []
        result.reserveCapacity(n)
        guard n > 0 else { return result }
        for i in 1...n {
            lua_rawgeti(L, table, lua_Integer(i))
            defer { stack.pop() }
            do { result.append(try Element.read(from: stack, at: -1)) } catch let error as LuaArgumentError {
                throw LuaArgumentError(position: index, reason: "element \(i): \(error.reason)")
            }
        }
        return result
    }
}

extension Dictionary: LuaPushable where Key: LuaPushable, Value: LuaPushable {
    /// Pushes a table with the same pairs.
    public func push(to stack: LuaStack) {
        let L = stack.pointer
        lua_createtable(L, 0, Int32(clamping: count))
        guard stack.enterContainer() else { return }
        defer { stack.leaveContainer() }
        for (key, value) in self {
            key.push(to: stack)
            value.push(to: stack)
            lua_rawset(L, -3)
        }
    }
}

extension Dictionary: LuaReadable where Key: LuaReadable, Value: LuaReadable {
    /// Reads every pair of a table (raw); every key and value must convert.
    public static func read(from stack: LuaStack, at index: Int32) throws -> [Key: Value] {
        let L = stack.pointer
        guard lua_type(L, index) == LUA_TTABLE else { throw LuaArgumentError(expected: "table", at: index, in: stack) }
        let table = lua_absindex(L, index)
        var result: [Key: Value] = [:]
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            do {
                let key = try Key.read(from: stack, at: -2)
                result[key] = try Value.read(from: stack, at: -1)
            } catch let error as LuaArgumentError {
                stack.pop(2)
                throw LuaArgumentError(position: index, reason: "in table: \(error.reason)")
            }
            stack.pop()
        }
        return result
    }
}
