import BehaveTestSupport
import Foundation
import Testing

/// A script's coroutine.resume and coroutine.wrap are the runtime's own (they pass the host's
/// requests up, so `wait` works inside them); for everything else they must behave as the stock
/// interpreter's do. The real lua5.4 runs the same file. (Not compared: in the sandbox the main
/// chunk runs as a task, a coroutine, so there `coroutine.isyieldable()` is true and
/// `coroutine.running()` is no main thread; with --trusted it is, TrustedParityTests.)
@Suite("Coroutines against the stock lua5.4")
struct CoroutineParityTests {
    static let script = """
        local f = coroutine.wrap(function() error("boom") end)
        print(pcall(f))
        local g = coroutine.wrap(function() error({code = 7}) end)
        local ok, e = pcall(g) print(ok, type(e), e.code)
        local h = coroutine.wrap(function(a) local b = coroutine.yield(a + 1) error("late " .. b) end)
        print(h(1))
        print(pcall(function() return h(2) end))
        print(pcall(h))
        print(pcall(function() return coroutine.wrap(5) end))
        local co = coroutine.create(function(...) return ... end)
        print(coroutine.resume(co, 1, nil, 3))
        print(coroutine.resume(co))
        print(pcall(coroutine.resume, 5))
        local nested = coroutine.wrap(function()
          local inner = coroutine.wrap(function() coroutine.yield("in") return "inner done" end)
          coroutine.yield(inner()) coroutine.yield(inner())
          return "outer done"
        end)
        print(nested(), nested(), nested())
        print(select("#", coroutine.wrap(function() return 1, nil, 3, nil end)()))
        local gen = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i) end end)
        print(gen(), gen(), gen())
        local function ping() return coroutine.yield() end
        local echo = coroutine.wrap(function() local n = 0 while true do n = n + ping() end end)
        echo(0) for i = 1, 1000 do echo(1) end
        local dead = coroutine.create(function() end) coroutine.resume(dead)
        print(coroutine.resume(dead))
        local spent = coroutine.wrap(function() end) spent()
        print(pcall(spent))
        print(coroutine.wrap(function() return coroutine.resume(coroutine.running()) end)())
        local outer outer = coroutine.create(function() return coroutine.wrap(function() return coroutine.resume(outer) end)() end)
        print(coroutine.resume(outer))
        print(select("#", coroutine.resume(coroutine.create(function(...) return ... end), table.unpack({}, 1, 250))))
        print(pcall(coroutine.wrap(function() coroutine.yield() error("after yield", 2) end)))
        """

    @Test("errors, values and nesting read the same as in lua5.4")
    func sameAsStock() throws {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write(Self.script, to: "co.lua", in: work)
        let behave = try Tool.run(["run", "co.lua"], in: work)
        let stock = try Tool.run(["lua5.4", "co.lua"], in: work, program: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(stock.status == 0, "\(stock.stderr)")
        #expect(behave.status == 0, "\(behave.stderr)")
        #expect(behave.stdout == stock.stdout)
        #expect(behave.stdout.split(separator: "\n").count == 18)
    }
}
