import BehaveLua
import Testing

/// C calls a Swift function's body directly, as Swift calls a closure: these cases cover the
/// ways a body can be made, the ways it can come back, and the memory cap around it.
@Suite("Swift bodies called directly from C")
struct DirectCallTests {
    /// A body made somewhere generic, where Swift holds closures in their most general form.
    static func generic<T>(_ value: T, _ read: @escaping (T) -> Int) -> (LuaStack) throws -> Int32 {
        { stack in
            stack.push(read(value) + Int(try Int.read(from: stack, at: 1)))
            return 1
        }
    }

    static func staticBody(_ stack: LuaStack) throws -> Int32 {
        stack.push(try Int.read(from: stack, at: 1) * 2)
        return 1
    }

    final class Counter {
        var total = 0
        func add(_ stack: LuaStack) throws -> Int32 {
            total += Int(try Int.read(from: stack, at: 1))
            stack.push(total)
            return 1
        }
    }

    struct Captured {
        var name: String
        var numbers: [Int]
    }

    @Test("every way of making a body is called as itself, after the heap has moved on")
    func everyKindOfBody() throws {
        let lua = try LuaState()
        lua.openStandardLibraries()
        let counter = Counter()
        let captured = Captured(name: String(repeating: "n", count: 100), numbers: Array(1...10))
        let stored: [(LuaStack) throws -> Int32] = [
            { stack in
                stack.push(try String.read(from: stack, at: 1).count)
                return 1
            }
        ]
        let anyBody: Any = Self.staticBody as (LuaStack) throws -> Int32
        lua.register(
            "capturing",
            raw: { stack in
                stack.push(captured.name.count + captured.numbers.reduce(0, +) + Int(try Int.read(from: stack, at: 1)))
                return 1
            })
        lua.register("static", raw: Self.staticBody)
        lua.register("method", raw: counter.add)
        lua.register("generic", raw: Self.generic(captured) { $0.numbers.count })
        lua.register("fromArray", raw: stored[0])
        lua.register("fromAny", raw: anyBody as! (LuaStack) throws -> Int32)
        lua.register("typed") { (a: Int, b: String) in "\(a)\(b)" }
        // Churn: whatever a body's context was copied from is freed and its memory reused.
        var churn: [[Int]] = []
        for i in 0..<10_000 { churn.append(Array(repeating: i, count: 8)) }
        churn.removeAll()
        let r = try lua.run(
            """
            local s = 0
            for i = 1, 1000 do
              s = s + capturing(i) + static(i) + generic(i) + fromArray('abc') + fromAny(i)
              assert(typed(i, 'x') == i .. 'x')
            end
            for i = 1, 1000 do method(1) end
            return s, method(0)
            """)
        // capturing: 155 + i; static: 2i; generic: 10 + i; fromArray: 3; fromAny: 2i.
        let expected = (1...1000).reduce(0) { $0 + 155 + $1 + 2 * $1 + 10 + $1 + 3 + 2 * $1 }
        #expect(r[0].integer == Int64(expected))
        #expect(r[1].integer == 1000)
        #expect(counter.total == 1000)
    }

    @Test("a raw body that returns a negative count is an error naming it, not a crash")
    func negativeCount() throws {
        let lua = try LuaState()
        lua.openStandardLibraries()
        lua.register("broken", raw: { _ in -1 })
        lua.register("worse", raw: { _ in Int32.min })
        let r = try lua.run("return select(2, pcall(broken)), select(2, pcall(worse))")
        #expect(r[0].string == "'broken' returned a negative result count (-1)")
        #expect(r[1].string == "'worse' returned a negative result count (-2147483648)")
    }

    @Test("thrown errors of every kind come back through the direct call, over and over")
    func thrownErrors() throws {
        struct Custom: Error, Equatable { let code: Int }
        let lua = try LuaState()
        lua.openStandardLibraries()
        lua.register("custom") { (n: Int) throws -> Int in throw Custom(code: n) }
        lua.register("script", raw: { _ in throw LuaScriptError("from Swift") })
        let r = try lua.run(
            """
            local last
            for i = 1, 2000 do
              local ok, e = pcall(custom, i)
              assert(not ok)
              last = select(2, pcall(function() script() end))
            end
            return last
            """, chunkName: "=loop")
        #expect(r[0].string == "loop:5: from Swift")
        do {
            try lua.run("custom(7)")
            Issue.record("no error")
        } catch let error as Custom {
            #expect(error == Custom(code: 7))
        }
    }

    @Test("the memory cap is lifted inside a Swift function and applies again once it returns")
    func capAroundSwift() throws {
        let lua = try LuaState(memoryLimit: 2 << 20)
        lua.openStandardLibraries()
        // Over the cap inside Swift: the allocation succeeds, so no Lua error unwinds Swift.
        lua.register(
            "big",
            raw: { stack in
                stack.push(String(repeating: "x", count: 3 << 20))
                return 1
            })
        lua.register("small") { (n: Int) in n + 1 }
        let r = try lua.run("return #big()")
        #expect(r[0].integer == 3 << 20)
        try lua.run("collectgarbage()")
        do {
            try lua.run(
                """
                local n = 0
                for i = 1, 100000 do n = small(n) end
                local t = {}
                for i = 1, 500000 do t[i] = ('x'):rep(100) .. i end
                """)
            Issue.record("no error: the cap did not apply after the Swift calls")
        } catch let error as LuaError {
            #expect(error.kind == .memory)
        }
        #expect(lua.memoryInUse <= 2 << 20)
    }
}
