import BehaveLua
import Testing

@Suite("Calls both ways")
struct CallTests {
    @Test("Lua from Swift: chunk names, arguments, every result")
    func callLua() throws {
        let lua = try LuaState()
        let f = try lua.load("local a, b = ... return a + b, a .. b, nil, 'last'", chunkName: "=adder")
        let r = try f.call(2, 3)
        #expect(r.count == 4)
        #expect(r[0].integer == 5)
        #expect(r[1].string == "23")
        #expect(r[3].string == "last")
    }

    @Test("typed Swift closures from Lua")
    func typed() throws {
        let lua = try LuaState()
        lua.openStandardLibraries()
        lua.register("add") { (a: Int, b: Int) in a + b }
        lua.register("greet") { (name: String, times: Int) throws -> String in
            String(repeating: "hi \(name) ", count: times)
        }
        lua.register("half") { (x: Double) in x / 2 }
        lua.register("flag") { (b: Bool) in !b }
        let r = try lua.run("return add(40, 2), greet('you', 2), half(3), flag(nil)")
        #expect(r[0].integer == 42)
        #expect(r[1].string == "hi you hi you ")
        #expect(r[2].number == 1.5)
        #expect(r[3].boolean == true)
    }

    @Test("bad arguments are Lua errors with the caller's position")
    func badArguments() throws {
        let lua = try LuaState()
        lua.openStandardLibraries()
        lua.register("add") { (a: Int, b: Int) in a + b }
        let r = try lua.run(
            """
            local ok, e1 = pcall(add, 'x', 1)
            local ok2, e2 = pcall(add, 1.5, 1)
            local ok3, e3 = pcall(function() return add(1) end)
            return e1, e2, e3
            """, chunkName: "=script")
        #expect(r[0].string == "bad argument #1 to 'add' (number expected, got string)")
        #expect(r[1].string == "bad argument #1 to 'add' (number has no integer representation)")
        #expect(r[2].string == "script:3: bad argument #2 to 'add' (number expected, got no value)")
    }

    @Test("a Swift function can call back into Lua")
    func reentry() throws {
        let lua = try LuaState()
        lua.openStandardLibraries()
        lua.register("apply") { (f: LuaFunction, x: Int) throws -> Int in
            try f.call(x)[0].integer.map(Int.init) ?? 0
        }
        let r = try lua.run("return apply(function(n) return n * 10 end, 4)")
        #expect(r[0].integer == 40)
    }

    final class Witness {
        let onDeinit: () -> Void
        init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
        deinit { onDeinit() }
    }

    final class Flag: @unchecked Sendable { var value = false }

    @Test("registered closures are released when the state closes")
    func closureLifetime() throws {
        let released = Flag()
        let lua = try LuaState()
        do {
            let witness = Witness { released.value = true }
            lua.register("touch") { () -> Int in
                _ = witness
                return 1
            }
        }
        #expect(try lua.run("return touch()")[0].integer == 1)
        #expect(released.value == false)
        lua.close()
        #expect(released.value == true)
        #expect(throws: LuaError.self) { try lua.run("return 1") }
    }

    @Test("a collected function releases its closure before the state closes")
    func collectedClosure() throws {
        let released = Flag()
        let lua = try LuaState()
        lua.openStandardLibraries()
        do {
            let witness = Witness { released.value = true }
            lua.register("temp") { () -> Int in
                _ = witness
                return 1
            }
        }
        try lua.run("temp = nil collectgarbage() collectgarbage()")
        #expect(released.value == true)
    }
}
