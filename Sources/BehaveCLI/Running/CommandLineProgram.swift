import Behave

/// What lua runs before the script, as one Lua chunk: `LUA_INIT` under `--trusted`, `-W`, then
/// each `-l` and `-e` in the order given, each a chunk of its own, then the script with its
/// arguments, in one state.
struct CommandLineProgram: Equatable {
    /// The Lua chunks to run first, in order, each named `(command line)` (`LUA_INIT` names itself).
    var chunks: [Chunk] = []

    /// A chunk of the command line and the name its errors give.
    struct Chunk: Equatable {
        var source: String
        var name: String = RunInvocation.commandLineName
    }

    var isEmpty: Bool { chunks.isEmpty }

    /// Nothing before the script.
    init() {}

    /// The chunks `-W`, `-l` and `-e` ask for, and under `--trusted` without `-E` what
    /// `LUA_INIT_5_4` (else `LUA_INIT`) holds: code, or `@FILE` for a file to run.
    init(
        code: [CommandLineChunk], libraries: [CommandLineChunk], warnings: Bool, trusted: Bool,
        ignoreEnvironment: Bool, environment: (String) -> String?
    ) {
        if trusted && !ignoreEnvironment, let (name, value) = Self.luaInit(environment) {
            if value.hasPrefix("@") {
                chunks.append(Chunk(source: "dofile(\(LuaLiteral.string(String(value.dropFirst()))))", name: name))
            } else {
                chunks.append(Chunk(source: value, name: name))
            }
        }
        if warnings { chunks.append(Chunk(source: "if warn then warn('@on') end")) }
        let ordered = (code.map { ($0, false) } + libraries.map { ($0, true) }).sorted { $0.0.place < $1.0.place }
        for (chunk, isLibrary) in ordered {
            chunks.append(Chunk(source: isLibrary ? chunk.libraryChunk : chunk.text))
        }
    }

    /// `LUA_INIT_5_4`, else `LUA_INIT`, with the name lua gives its chunk.
    private static func luaInit(_ environment: (String) -> String?) -> (String, String)? {
        if let value = environment("LUA_INIT_5_4") { return ("=LUA_INIT_5_4", value) }
        if let value = environment("LUA_INIT") { return ("=LUA_INIT", value) }
        return nil
    }

    /// The chunks alone, run with nothing after them, as the behaviour named `(command line)`.
    var alone: Behaviour {
        Behaviour(name: RunInvocation.commandLineName, bytes: driver(script: nil), format: .lua, directory: ".")
    }

    /// The chunks, then `script` (a Lua script) with the run's arguments, as one behaviour under
    /// the script's name: each piece is loaded with its own name, so errors point into it. It is
    /// still the script, so it keeps the script's store namespace.
    func before(_ script: Behaviour) -> Behaviour {
        var behaviour = Behaviour(
            name: script.name, bytes: driver(script: script), format: .lua, directory: script.directory ?? ".")
        behaviour.identity = script.identity
        return behaviour
    }

    /// One line per chunk, so that the driver's own lines say which chunk failed to load.
    private func driver(script: Behaviour?) -> [UInt8] {
        var lua: [UInt8] = []
        for chunk in chunks {
            lua += Array("assert(load(".utf8) + LuaLiteral.bytes(Array(chunk.source.utf8))
            lua += Array(
                ", \(LuaLiteral.string(chunk.name.hasPrefix("=") ? chunk.name : "=" + chunk.name)), 't'))()\n".utf8)
        }
        guard let script else { return lua }
        lua += Array("return assert(load(".utf8) + LuaLiteral.bytes(Self.withoutShebang(script.bytes))
        lua += Array(", \(LuaLiteral.string("@" + script.name)), 't'))(...)\n".utf8)
        return lua
    }

    /// The script with a first line that starts with `#` emptied, as lua's loader skips it;
    /// its newline stays, so line numbers do not move.
    private static func withoutShebang(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.first == UInt8(ascii: "#") else { return bytes }
        return Array(bytes.drop { $0 != UInt8(ascii: "\n") })
    }
}
