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

    @Test("past the state's light slots, a collected function releases its closure before the state closes")
    func collectedClosure() throws {
        let released = Flag()
        let lua = try LuaState()
        lua.openStandardLibraries()
        // The first 1024 functions are light C functions, which Lua never collects; later ones
        // are closures the collector frees.
        for index in 0..<1100 { lua.register("f\(index)") { () -> Int in index } }
        do {
            let witness = Witness { released.value = true }
            lua.register("temp") { () -> Int in
                _ = witness
                return 1
            }
        }
        try lua.run("temp = nil collectgarbage() collectgarbage()")
        #expect(released.value == true)
        let sum = try lua.run("local s = 0 for i = 0, 1099 do s = s + _G['f' .. i]() end return s")
        #expect(sum[0].integer == (0..<1100).reduce(0, +))
    }

    @Test("a Swift function is a light C function, with no upvalue a script could reach")
    func lightFunction() throws {
        let lua = try LuaState()
        lua.openStandardLibraries()
        lua.register("f") { () -> Int in 1 }
        let r = try lua.run("return debug.getupvalue(f, 1), f(), debug.getinfo(f).what")
        #expect(r[0].typeName == "nil")
        #expect(r[1].integer == 1)
        #expect(r[2].string == "C")
    }

    @Test("the same light function calls each state's own Swift function, from any coroutine")
    func slotsPerState() throws {
        let first = try LuaState()
        let second = try LuaState()
        for lua in [first, second] { lua.openStandardLibraries() }
        first.register("which") { () -> String in "first" }
        second.register("which") { () -> String in "second" }
        let script = "return which(), coroutine.wrap(function() return which() end)()"
        let a = try first.run(script)
        let b = try second.run(script)
        #expect(a.map(\.string) == ["first", "first"])
        #expect(b.map(\.string) == ["second", "second"])
        #expect(try first.run("return which == which and 'same'")[0].string == "same")
    }
}
