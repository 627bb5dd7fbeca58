import Lua

/// The preludes, compiled once per process: every host loads them, and parsing 17 KB of Lua was
/// most of what creating a host cost.
enum PreludeBytecode {
    // Swift runs a static's initialiser once, whichever thread asks first.
    private static let compiledSandbox = Result { try LuaBytecode(compiling: SandboxPrelude.source, chunkName: "=sandbox") }
    private static let compiledRuntime = Result { try LuaBytecode(compiling: RuntimePrelude.source, chunkName: "=behave") }

    static func sandbox() throws -> LuaBytecode { try compiledSandbox.get() }
    static func runtime() throws -> LuaBytecode { try compiledRuntime.get() }
}
