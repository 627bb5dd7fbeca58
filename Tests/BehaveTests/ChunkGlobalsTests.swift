import Behave
import BehaveLua
import Testing

/// The globals of a chunk, read from its bytecode: Lua's compiler decides what is a local.
@Suite("Globals from bytecode")
struct ChunkGlobalsTests {
    static func globals(_ source: String) throws -> ChunkGlobals {
        let dump = try LuaBytecode(compiling: source, chunkName: "=test").bytes
        return try #require(ChunkGlobals(dump: dump))
    }

    @Test("reads and writes of _ENV, with their lines, in nested functions too; locals and upvalues are no globals")
    func accesses() throws {
        let found = try Self.globals(
            """
            local cart = {}
            total = cart.total
            local function add(item)
              local count = 1
              return function() return item, count, Carts, print end
            end
            do local hidden = 1 end
            print(hidden)
            for i = 1, 1 do _ENV.explicit = i end
            """)
        #expect(
            found.reads == [
                .init(name: "print", line: 8), .init(name: "hidden", line: 8),
                .init(name: "Carts", line: 5), .init(name: "print", line: 5),
            ])
        #expect(found.writes == [.init(name: "total", line: 2), .init(name: "explicit", line: 9)])
    }

    @Test("an _ENV the script declares is a table of its own: what it holds is no global")
    func localEnvironment() throws {
        let found = try Self.globals(
            """
            before = 1
            local _ENV = {print = print}
            missing()
            local function f() return inner end
            """)
        #expect(found.reads.map(\.name) == ["print"])
        #expect(found.writes.map(\.name) == ["before"])
    }

    @Test("a cut, stripped or foreign dump reads as nil or as far as it goes, never a trap")
    func hostileDumps() throws {
        let dump = try LuaBytecode(compiling: "x = y .. 'z'\nlocal t = {1.5, 2, true, nil}", chunkName: "=t").bytes
        #expect(ChunkGlobals(dump: dump) != nil)
        for length in 0..<dump.count {
            _ = ChunkGlobals(dump: Array(dump.prefix(length)))
        }
        var foreign = dump
        foreign[4] = 0x53  // Lua 5.3
        #expect(ChunkGlobals(dump: foreign) == nil)
        #expect(ChunkGlobals(dump: Array("x = 1".utf8)) == nil)
    }
}
