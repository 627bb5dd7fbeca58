import BehaveLua

/// The Lua chunks a REPL session and a test file load into their states, compiled once per
/// process: loading bytecode costs less than parsing the source each time.
enum CompiledChunks {
    // Swift runs a static's initialiser once, whichever thread asks first.
    private static let printerChunk = Result { try LuaChunks.printer.compiled() }
    private static let testingChunk = Result { try LuaChunks.testing.compiled() }

    /// The REPL's value printer (`Session/printer.lua`).
    static func printer() throws -> LuaBytecode { try printerChunk.get() }
    /// What a test file has besides a behaviour's environment (`Testing/testing.lua`).
    static func testing() throws -> LuaBytecode { try testingChunk.get() }
}
