import CBehaveLua

/// Compiled Lua chunks, for code a program loads into many states: compile once, load many times
/// without parsing again.
///
/// Lua does not verify bytecode, so a crafted chunk can crash the VM. Only a program's own source,
/// compiled by ``init(compiling:chunkName:)`` in the same process, goes through here; behaviours
/// never do (the sandbox refuses binary chunks).
///
/// ```swift
/// enum Prelude {
///     static let bytecode = try! LuaBytecode(compiling: preludeSource, chunkName: "=prelude")
/// }
/// let chunk = try state.load(Prelude.bytecode)
/// ```
public struct LuaBytecode: Sendable {
    /// The dumped chunk, debug information kept (tracebacks show the same lines).
    public let bytes: [UInt8]
    /// The name messages and tracebacks show.
    public let chunkName: String

    /// Bytes this program compiled earlier with ``compilerIdentity`` equal to today's: a build step
    /// that kept the output of ``init(compiling:chunkName:)``. Never bytes from anywhere else.
    package init(precompiled bytes: [UInt8], chunkName: String) {
        self.bytes = bytes
        self.chunkName = chunkName
    }

    /// The Lua library this process runs (`lua_ident`: "$LuaVersion: Lua 5.4.4  Copyright…"). Lua
    /// checks a chunk's format but not the release that wrote it, so kept bytecode is loaded only
    /// into the release that compiled it.
    package static var compilerIdentity: String { String(cString: luashim_lua_ident()) }

    /// Compiles `source` in a private state and dumps it (``LuaFunction/dumped()``).
    public init(compiling source: String, chunkName: String) throws {
        let lua = try LuaState()
        bytes = try lua.load(source, chunkName: chunkName).dumped()
        self.chunkName = chunkName
    }
}

extension LuaState {
    /// Loads a chunk compiled by ``LuaBytecode/init(compiling:chunkName:)``.
    public func load(_ bytecode: LuaBytecode) throws -> LuaFunction {
        try ensureOpen()
        let status = bytecode.bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                // luaL_loadbufferx runs the undump protected and reports errors as a status.
                luaL_loadbufferx(pointer, chars.baseAddress, chars.count, bytecode.chunkName, "b")
            }
        }
        if status != LUA_OK {
            let error = makeError(status: status, traceback: nil)
            luashim_pop(pointer, 1)
            throw error
        }
        return LuaFunction(popping: self)
    }
}
