/// The globals a compiled Lua 5.4 chunk reads and assigns, read from its bytecode (the format
/// `string.dump` writes, debug information kept), so that `behave check` knows them as Lua's own
/// compiler resolved them: a `local` or a parameter of the same name is no global, whatever
/// its scope.
///
/// A global is an access to a field of the chunk's `_ENV`: `GETTABUP` and `SETTABUP` on an
/// upvalue that leads, from function to enclosing function, back to the main chunk's first
/// upvalue. An `_ENV` the script declares itself is a local, so what it holds is not counted.
package struct ChunkGlobals {
    /// One access: the global's name and the line of the instruction.
    package struct Access: Equatable {
        package var name: String
        package var line: Int

        package init(name: String, line: Int) {
            self.name = name
            self.line = line
        }
    }

    /// Reads, function by function, each function's in the order of its instructions.
    package private(set) var reads: [Access] = []
    /// Assignments (`name = …`, `function name() end`), anywhere in the chunk.
    package private(set) var writes: [Access] = []

    /// Reads `dump`; nil when it is not a Lua 5.4 chunk of this machine's layout.
    package init?(dump: [UInt8]) {
        var reader = LuaDumpReader(bytes: dump)
        guard reader.header(), reader.byte() != nil, let main = reader.function() else { return nil }
        // The main chunk's first upvalue is its environment.
        collect(main, environment: [0])
    }

    private static let getTableUpvalue: UInt32 = 11  // GETTABUP A B C: R[A] := UpValue[B][K[C]]
    private static let setTableUpvalue: UInt32 = 15  // SETTABUP A B C: UpValue[A][K[B]] := RK(C)

    /// The accesses of `function` and of the functions it defines. `environment` holds the
    /// indices of its upvalues that are the chunk's `_ENV`.
    private mutating func collect(_ function: LuaDumpReader.Function, environment: Set<Int>) {
        for (pc, instruction) in function.code.enumerated() {
            let opcode = instruction & 0x7F
            let a = Int((instruction >> 7) & 0xFF)
            let b = Int((instruction >> 16) & 0xFF)
            let c = Int((instruction >> 24) & 0xFF)
            let line = pc < function.lines.count ? function.lines[pc] : function.lineDefined
            if opcode == Self.getTableUpvalue, environment.contains(b), let name = function.string(at: c) {
                reads.append(Access(name: name, line: line))
            } else if opcode == Self.setTableUpvalue, environment.contains(a), let name = function.string(at: b) {
                writes.append(Access(name: name, line: line))
            }
        }
        for child in function.children {
            // A function's upvalue is _ENV when it captures an upvalue of this one that is; one
            // that captures a local (in the stack) captures a table the script made.
            let inherited = child.upvalues.indices.filter {
                !child.upvalues[$0].inStack && environment.contains(child.upvalues[$0].index)
            }
            collect(child, environment: Set(inherited))
        }
    }
}
