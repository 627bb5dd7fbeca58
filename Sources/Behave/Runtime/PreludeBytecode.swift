import BehaveLua

/// The chunks every host loads, compiled once per process: loading bytecode rather than parsing
/// 17 KB of Lua is most of what keeps creating a host cheap.
package enum PreludeBytecode {
    // Swift runs a static's initialiser once, whichever thread asks first.
    private static let sandboxChunk = Result { try LuaChunks.sandbox.compiled() }
    private static let printerChunk = Result { try LuaChunks.printer.compiled() }
    private static let testingChunk = Result { try LuaChunks.testing.compiled() }

    // `package`: the bench's floor rows load the same chunks into bare states.
    /// The sandbox prelude (`Sandbox/sandbox.lua`).
    package static func sandbox() throws -> LuaBytecode { try sandboxChunk.get() }
    /// The REPL's value printer (`Session/printer.lua`).
    static func printer() throws -> LuaBytecode { try printerChunk.get() }
    /// What a test file has besides a behaviour's environment (`Testing/testing.lua`).
    static func testing() throws -> LuaBytecode { try testingChunk.get() }
}
