import CBehave
import CBehaveLua

/// Compiling text chunks and calling functions under protection.
extension LuaState {
    /// Compiles a text chunk into a function. Binary chunks are refused.
    ///
    /// - Parameters:
    ///   - source: the chunk's text (bytes; need not be UTF-8).
    ///   - chunkName: the name errors show, in Lua's convention: `"=stdin"` shows `stdin`,
    ///     `"@file.lua"` shows `file.lua`.
    public func load(_ source: some Collection<UInt8>, chunkName: String) throws -> LuaFunction {
        try ensureOpen()
        var bytes = Array(source)
        if bytes.isEmpty { bytes = [0x20] }  // a valid, empty chunk needs a non-nil buffer
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                // Text chunks only: a binary chunk is refused, whoever loads it.
                luaL_loadbufferx(pointer, chars.baseAddress, chars.count, chunkName, "t")
            }
        }
        if status != LUA_OK {
            let error = makeError(status: status, traceback: nil)
            luashim_pop(pointer, 1)
            throw error
        }
        return LuaFunction(popping: self)
    }

    /// Compiles a text chunk from a Swift string. See ``load(_:chunkName:)-(Collection<UInt8>,_)``.
    public func load(_ source: String, chunkName: String = "=chunk") throws -> LuaFunction {
        try load(Array(source.utf8), chunkName: chunkName)
    }

    /// Compiles and runs a chunk, returning all its results.
    @discardableResult
    public func run(_ source: String, chunkName: String = "=chunk") throws -> [LuaValue] {
        try load(source, chunkName: chunkName).call()
    }

    /// Calls the value on top of the stack (below it: `argumentCount` arguments) under
    /// protection, with a traceback, and returns its results. The stack is left as before.
    func protectedCall(argumentCount: Int32) throws -> [LuaValue] {
        let L = pointer
        let functionIndex = lua_gettop(L) - argumentCount
        if pushCut != nil {
            lua_settop(L, functionIndex - 1)
            try checkPushes()
        }
        lua_pushcclosure(L, behave_message_handler, 0)
        luashim_insert(L, functionIndex)
        let base = functionIndex - 1
        let savedEnforcing = control.beginEnforcing()
        let status = luashim_pcall(L, argumentCount, LUA_MULTRET, functionIndex)
        control.endEnforcing(savedEnforcing)
        if status != LUA_OK { throw failure(status: status, base: base) }
        // The results are above the message handler, which goes with them.
        defer { lua_settop(L, base) }
        return try take(above: functionIndex)
    }
}
