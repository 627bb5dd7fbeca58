import Behave
import BehaveDemos
import BehaveLua
import Foundation
import Testing

/// How a run ends (stop, a limit, nothing left to happen), what it hands back, and the helpers'
/// arguments and the read-only context.
@Suite("Behaviour runtime (test clock)")
struct RuntimeTests {
    @Test("stop ends the behaviour at once, with its reason, timers and handlers pending")
    func stopNow() async throws {
        let outcome = try await runOnTestClock(
            """
            every(1, function() print("tick") end)
            on("E", function() end)
            after(2.5, function() stop("enough") print("never") end)
            wait(100)
            print("never either")
            """)
        #expect(outcome.lines == ["tick", "tick"])
        #expect(outcome.report?.finish == .stopped("enough"))
        #expect(outcome.clock == 2.5)
    }

    @Test("a behaviour that never finishes is ended by the duration limit")
    func durationLimit() async throws {
        var limits = Limits()
        limits.duration = 60
        let outcome = try await runOnTestClock("every(1, function() end) on('X', function() end)", limits: limits)
        guard case .terminated(let error) = outcome.error else {
            Issue.record("not terminated")
            return
        }
        #expect(error.kind == .limit(.duration))
        #expect(error.message == "limit exceeded: duration (60 s)")
        #expect(outcome.clock == 60)
    }

    @Test("finished when nothing can happen: a task waiting for an event that cannot come is counted")
    func idleFinish() async throws {
        let outcome = try await runOnTestClock("on('X', print) after(1, function() wait_for('Y') end)")
        #expect(outcome.report?.finish == .completed(waiting: 1))
        #expect(outcome.clock == 1)
    }

    @Test(
        "limits hold inside handlers and timers",
        arguments: [
            ("after(1, function() while true do end end)", LuaLimit.instructions),
            ("on('E', function() local t = {} for i = 1, 1e8 do t[i] = i end end) emit('E')", LuaLimit.memory),
            ("every(1, function() local function f() return 1 + f() end f() end)", LuaLimit.depth),
            (
                "after(0, function() pcall(function() while true do end end) print('escaped') end)",
                LuaLimit.instructions
            ),
            ("after(1, function() Slow.chatty(100000) end)", LuaLimit.output),
        ])
    func limitsInHandlers(source: String, limit: LuaLimit) async throws {
        var limits = Limits()
        limits.instructions = 2_000_000
        limits.memory = 16 << 20
        limits.output = 1000
        limits.depth = 10_000
        let outcome = try await runOnTestClock(source, limits: limits)
        guard case .terminated(let error) = outcome.error else {
            Issue.record("\(source): not terminated (\(String(describing: outcome.error)))")
            return
        }
        #expect(error.kind == .limit(limit), "\(source)")
        #expect(!outcome.output.contains("escaped"))
    }

    @Test(
        "stop where the task cannot yield ends it there, past any pcall, and nothing else runs",
        arguments: [
            "pcall(table.sort, {3, 1, 2}, function(a, b) stop('done') print('ran on') return a < b end)",
            "pcall(string.gsub, 'abc', '%w', function(c) stop('done') print('ran on') end)",
            "local mt = {__lt = function() stop('done') print('ran on') return true end} "
                + "pcall(table.sort, {setmetatable({}, mt), setmetatable({}, mt)})",
            "pcall(function() local _ <close> = setmetatable({}, {__close = function() stop('done') print('ran on') end}) end)"
                + " error('x')",
        ])
    func stopWhereNoYield(source: String) async throws {
        // Trusted too: the stock pcall catches the unwinding, and the next instruction resumes it,
        // also where a count hook (an instruction limit) would poll only every 1,000 instructions.
        var counted = Limits()
        counted.instructions = 1_000_000
        for (trusted, limits) in [(false, Limits()), (true, Limits()), (true, counted)] {
            let outcome = try await runOnTestClock(
                """
                after(0, function() print("other task") end)
                on("E", function() print("handler") end)
                emit("E")
                \(source)
                print("caller ran on")
                """, limits: limits, trusted: trusted)
            #expect(outcome.lines == [], "\(outcome.lines)")
            #expect(outcome.report?.finish == .stopped("done"), "\(String(describing: outcome.error))")
            #expect(outcome.diagnostics.isEmpty, "\(outcome.diagnostics)")
        }
    }

    @Test("after a halted stop the same host runs the next behaviour as usual")
    func stopThenRunAgain() async throws {
        let host = try BehaveHost(modules: [], clock: VirtualClock())
        let halted = try await host.run(
            Behaviour(name: "a.lua", source: "pcall(table.sort, {2, 1}, function() stop() end) print('ran on')"))
        #expect(halted.finish == .stopped(nil))
        let next = try await host.run(
            Behaviour(
                name: "b.lua",
                source: "local t = {2, 1} table.sort(t) local ok, e = pcall(error, 'x') return ok, e, t[1]"))
        #expect(next.finish == .completed(waiting: 0))
        #expect(next.results.values == [.bool(false), .string("x"), .integer(1)])
    }

    @Test("the main chunk's results reach Swift, half a million of them too; other tasks' are dropped")
    func manyResults() async throws {
        let host = try BehaveHost(modules: [], clock: VirtualClock())
        let many = try await host.run(
            Behaviour(
                name: "many.lua",
                source:
                    "after(0, function() return 1, 2 end) local t = {} t[500000] = 'z' return 'a', nil, table.unpack(t, 3, 500000)"
            ))
        #expect(many.results.count == 500_000)
        #expect(many.results.first == .string("a"))
        #expect(many.results[1] == .null)
        #expect(many.results.last == .string("z"))
        let none = try await host.run(Behaviour(name: "none.lua", source: "local x = 1"))
        #expect(none.results.isEmpty)
        let nils = try await host.run(Behaviour(name: "nils.lua", source: "return nil, nil"))
        #expect(nils.results.count == 2)
    }

    @Test("with an instruction limit, the report counts the instructions of every slice: main chunk, timers, handlers")
    func instructionsOfAllSlices() async throws {
        var limits = Limits()
        limits.instructions = 100_000_000
        let outcome = try await runOnTestClock("after(1, function() for i = 1, 1000000 do end end)", limits: limits)
        #expect((outcome.report?.instructions ?? 0) >= 1_000_000)
        let uncounted = try await runOnTestClock("after(1, function() for i = 1, 1000000 do end end)")
        #expect(uncounted.report?.instructions == 0, "no limit, no count hook: nothing is counted")
    }

    @Test("context is the app's, read-only")
    func context() async throws {
        let outcome = try await runOnTestClock(
            """
            print(context.platform, context.flags.beta, #context.langs)
            print(pcall(function() context.platform = "x" end))
            print(pcall(function() context.flags.beta = false end))
            for k, v in pairs(context.flags) do print(k, v) end
            """, context: ["platform": "ios", "flags": ["beta": true], "langs": ["fr", "en"]])
        #expect(outcome.lines.count == 4)
        #expect(outcome.lines.first == "ios\ttrue\t2")
        #expect(outcome.lines[1].hasPrefix("false\ttest.lua:2: context is read-only"))
        #expect(outcome.lines[2].hasPrefix("false\ttest.lua:3: context is read-only"))
        #expect(outcome.lines[3] == "beta\ttrue")
    }

    @Test("pairs(context) hands out no writable table")
    func contextPairs() async throws {
        let outcome = try await runOnTestClock(
            """
            local f, s, c = pairs(context)
            print(type(f), s, c)
            for k, v, extra in pairs(context) do print(k, v, extra) end
            pcall(function() local _, inner = pairs(context.flags) inner.beta = false end)
            print(context.platform, context.flags.beta, next(context))
            local n = 0
            for _ in pairs(context.langs) do n = n + 1 end
            print(n)
            """, context: ["platform": "ios", "flags": ["beta": true], "langs": ["fr", "en"]])
        #expect(outcome.lines.count == 6, "\(outcome.lines)")
        #expect(outcome.lines.first == "function\tnil\tnil")
        #expect(
            outcome.lines.dropFirst().prefix(3).sorted().map { $0.split(separator: "\t").first } == [
                "flags", "langs", "platform",
            ])
        #expect(outcome.lines.dropFirst().prefix(3).allSatisfy { $0.hasSuffix("\tnil") })
        #expect(outcome.lines[4] == "ios\ttrue\tnil")
        #expect(outcome.lines[5] == "2")
    }

    @Test("helpers refuse bad arguments with the script's line")
    func badArguments() async throws {
        for (source, message) in [
            ("wait(-1)", "test.lua:1: bad argument #1 to 'wait' (non-negative number of seconds expected, got -1)"),
            ("every(0, print)", "test.lua:1: bad argument #1 to 'every' (positive number of seconds expected, got 0)"),
            ("after(1, 'x')", "test.lua:1: bad argument #2 to 'after' (function expected, got string)"),
            ("on(1, print)", "test.lua:1: bad argument #1 to 'on' (event name expected, got number)"),
            ("wait_for('X', 5)", "test.lua:1: bad argument #2 to 'wait_for' (table expected, got number)"),
        ] {
            let outcome = try await runOnTestClock(source)
            guard case .failed(let error) = outcome.error else {
                Issue.record("\(source) did not fail")
                continue
            }
            #expect(error.message == message)
        }
    }
}
