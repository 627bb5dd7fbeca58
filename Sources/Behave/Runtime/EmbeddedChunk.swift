import BehaveLua

/// A Lua file compiled at build time: its bytecode, and its source for a process that runs
/// another Lua release than the build linked (Lua checks a chunk's format, not the release that
/// wrote it, so bytecode is only loaded into the release that compiled it).
struct EmbeddedChunk: Sendable {
    /// The file's name without `.lua`; Lua shows it in messages and tracebacks (`printer:12:`).
    let name: String
    /// ``LuaBytecode/compilerIdentity`` of the library that compiled ``bytecode``.
    let compiler: String
    /// The dumped chunk, debug information kept.
    let bytecode: [UInt8]
    /// The file as it was at build time.
    let source: String

    /// The chunk to load: the build's bytecode when this process runs the release that compiled
    /// it; otherwise the source, compiled now.
    func compiled() throws -> LuaBytecode {
        if compiler == LuaBytecode.compilerIdentity {
            return LuaBytecode(precompiled: bytecode, chunkName: "=" + name)
        }
        return try LuaBytecode(compiling: source, chunkName: "=" + name)
    }

    /// Whether a traceback line points into this chunk (the host's internals, not the script).
    func isFrame(_ line: Substring) -> Bool { line.hasPrefix("\t" + name + ":") }
}
