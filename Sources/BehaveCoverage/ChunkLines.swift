import Behave
import BehaveLua

/// The lines of a Lua source that hold code, and the functions it defines: what a coverage
/// report lists as run or missed. Read from the chunk Lua compiles the source to
/// (``LuaDumpReader``), so that a line counts exactly when Lua runs an instruction on it, and so
/// do the functions no test ever called, whose closures never exist at run time.
struct ChunkLines: Equatable {
    /// A function the source defines: the line it starts on (0 for the main chunk).
    struct Function: Equatable {
        var first: Int
    }

    /// Lines with code, in order.
    var lines: [Int] = []
    /// Functions, the main chunk first, then in the order Lua compiled them.
    var functions: [Function] = []

    /// OP_TAILCALL: the return Lua codes after it never runs (the call returns for the function).
    private static let tailCall: UInt32 = 69

    /// Compiles `source` (nothing runs) and reads its chunk; nil when it does not compile.
    init?(source: [UInt8]) {
        guard let lua = try? LuaState(), let chunk = try? lua.load(source, chunkName: "=coverage"),
            let bytes = try? chunk.dumped()
        else { return nil }
        var reader = LuaDumpReader(bytes: bytes)
        guard reader.header(), reader.byte() != nil, let main = reader.function() else { return nil }
        var found = Set<Int>()
        collect(main, into: &found)
        lines = found.sorted()
    }

    /// The lines of `function`'s instructions but those Lua never stops on, when no other
    /// instruction shares their line: a vararg function's first (its argument set-up, before
    /// the hooks start), a return after a tail call, and the return Lua adds at the function's
    /// `end`, which no test reaches after an explicit `return`.
    private mutating func collect(_ function: LuaDumpReader.Function, into found: inout Set<Int>) {
        functions.append(Function(first: function.lineDefined))
        let lines = function.lines
        var unreached = Set<Int>()
        if function.isVararg { unreached.insert(0) }
        if !lines.isEmpty { unreached.insert(lines.count - 1) }
        for (pc, instruction) in function.code.enumerated() where instruction & 0x7F == Self.tailCall {
            unreached.insert(pc + 1)
        }
        for (pc, line) in lines.enumerated() where !unreached.contains(pc) { found.insert(line) }
        for function in function.children { collect(function, into: &found) }
    }
}
