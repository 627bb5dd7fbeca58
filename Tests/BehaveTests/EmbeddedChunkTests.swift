import BehaveLua
import Foundation
import Testing

@testable import Behave

/// The chunks the LuaChunks plugin compiles are today's `.lua` files, loaded as bytecode only
/// into the Lua release that compiled them.
@Suite("Lua files compiled at build time")
struct EmbeddedChunkTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Behave")

    @Test("each chunk is its .lua file as it is now, and its bytecode is a fresh compile of it")
    func current() throws {
        let files = [
            "printer": "Session/printer.lua", "definitions": "Authoring/definitions.lua",
            "testing": "Testing/testing.lua",
        ]
        #expect(Set(LuaChunks.all.map(\.name)) == Set(files.keys))
        for chunk in LuaChunks.all {
            let path = Self.sources.appendingPathComponent(try #require(files[chunk.name]))
            #expect(chunk.source == (try String(contentsOf: path, encoding: .utf8)), "\(chunk.name)")
            #expect(chunk.compiler == LuaBytecode.compilerIdentity)
            #expect(chunk.bytecode == (try LuaBytecode(compiling: chunk.source, chunkName: "=" + chunk.name)).bytes)
            #expect(try chunk.compiled().bytes == chunk.bytecode, "the build's bytecode is what loads")
        }
    }

    @Test("bytecode from another Lua release is never loaded: the source is compiled instead")
    func otherRelease() throws {
        let source = "return 40 + 2"
        let foreign = EmbeddedChunk(name: "x", compiler: "Lua 5.4.0", bytecode: [0x1b, 0x4c], source: source)
        #expect(try foreign.compiled().bytes == (try LuaBytecode(compiling: source, chunkName: "=x")).bytes)
    }

    @Test("an error in a chunk names the chunk and the line of its .lua file")
    func errorLines() throws {
        let lua = try LuaState()
        lua.openStandardLibraries()
        let line =
            try #require(
                LuaChunks.testing.source.split(separator: "\n", omittingEmptySubsequences: false)
                    .firstIndex { $0.contains("env.pcall") }) + 1
        do {
            _ = try lua.load(CompiledChunks.testing()).call()
            Issue.record("the test helpers ran without their arguments")
        } catch let error as LuaError {
            #expect(error.message.hasPrefix("testing:\(line): "), "\(error.message)")
        }
    }

    @Test("tracebacks keep the script's frames and drop the chunks'")
    func tracebackFilter() {
        let traceback =
            "stack traceback:\n\t[C]: in function 'error'\n\tkeynote.lua:3: in main chunk\n\ttesting:120: in function <testing:118>\n\tprinter:40: in upvalue 'show'"
        #expect(
            ScriptTraceback.clean(traceback)
                == "stack traceback:\n\t[C]: in function 'error'\n\tkeynote.lua:3: in main chunk")
    }
}
