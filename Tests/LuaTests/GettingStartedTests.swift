import BehaveLua
import Testing

/// The Lua library's getting-started article (Sources/BehaveLua/BehaveLua.docc/GettingStarted.md), as code.
@Suite("Lua: getting started")
struct GettingStartedTests {
    @Test("a state, a Swift function, a chunk that calls it, and a Lua error caught in Swift")
    func gettingStarted() throws {
        var caught = ""
        // snippet: lua-getting-started
        let lua = try LuaState()
        lua.openStandardLibraries()
        lua.register("add") { (a: Int, b: Int) in a + b }
        let results = try lua.run("return add(40, 2), 'done'")
        // results[0].integer == 42, results[1].string == "done"

        do {
            _ = try lua.run("return add('forty', 2)")
        } catch let error as LuaError {
            print(error.message)  // chunk:1: bad argument #1 to 'add' (number expected, got string)
            caught = error.message  // (test)
        }
        lua.close()
        // snippet end
        #expect(results[0].integer == 42)
        #expect(results[1].string == "done")
        #expect(caught == "chunk:1: bad argument #1 to 'add' (number expected, got string)")
        #expect(throws: LuaError.self) { _ = try LuaState().run("error('x')") }
    }
}
