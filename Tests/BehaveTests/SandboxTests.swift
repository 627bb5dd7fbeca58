import Behave
import BehaveDemos
import BehaveLua
import BehavePlatform
import Foundation
import Testing

/// Hostile scripts: each must fail the way it should, without its effect, and leave the host
/// able to run a normal behaviour next.
@Suite("Sandbox")
struct SandboxTests {
    final class Captured: @unchecked Sendable {
        var output = ""
    }

    static func host(limits: Limits = Limits(), captured: Captured = Captured()) throws -> BehaveHost {
        var policy = SandboxPolicy()
        policy.limits = limits
        return try BehaveHost(
            modules: [MyFirstModule()], policy: policy,
            output: OutputSink(limit: limits.output, write: { captured.output += $0 }, diagnostic: { _ in }))
    }

    /// Runs a script; returns the error or nil and what it printed; then checks
    /// the host still runs a normal one. Whatever limit stopped it, it stopped within twice
    /// the limit (the time limit's own test checks the clock).
    static func outcome(_ source: String, limits: Limits = Limits()) async throws -> (BehaveError?, String) {
        let captured = Captured()
        let host = try host(limits: limits, captured: captured)
        var failure: BehaveError?
        do { _ = try await host.run(Behaviour(name: "hostile.lua", source: source)) } catch { failure = error }
        let used = host.lastRun
        switch limit(of: failure) {
        case .instructions?:
            #expect(
                used.instructions >= limits.instructions && used.instructions <= 2 * limits.instructions,
                "instructions: \(used.instructions) for a limit of \(limits.instructions)")
        case .memory?:
            #expect(
                used.peakMemory > limits.memory / 2 && used.peakMemory <= 2 * limits.memory,
                "memory: \(used.peakMemory) for a limit of \(limits.memory)")
        case .output?:
            #expect(used.bytesWritten <= limits.output, "output: \(used.bytesWritten) for a limit of \(limits.output)")
        default:
            break
        }
        let afterwards = try await host.run(Behaviour(name: "normal.lua", source: "return 6 * 7"))
        #expect(afterwards.results.first?.integer == 42)
        return (failure, captured.output)
    }

    static func limit(of error: BehaveError?) -> LuaLimit? {
        if case .terminated(let lua) = error, case .limit(let limit) = lua.kind { return limit }
        return nil
    }

    @Test(
        "removed functions are absent through every path",
        arguments: [
            "return io", "return os.execute", "return os.remove", "return os.exit", "return os.getenv", "return debug",
            "return dofile", "return loadfile", "return package", "return string.dump", "return (''). dump",
            "return _G.io", "return _ENV.debug", "return rawget(_ENV, 'package')", "return warn",
            "return load('return io')()", "return load('return os.execute', 'x', 't', _G)()",
            "return coroutine.wrap(function() return debug end)()",
            "return getmetatable('')",
        ])
    func absent(source: String) async throws {
        let host = try Self.host()
        let report = try await host.run(Behaviour(name: "probe.lua", source: source))
        let value = report.results.first ?? .nil
        #expect(!value.isTruthy, "\(source) gave \(value)")
    }

    @Test("binary chunks are refused by load")
    func bytecode() async throws {
        let (error, _) = try await Self.outcome(
            """
            local bytes = "\\27Lua\\84\\0\\25\\147\\13\\10\\26\\10\\4\\8\\8"
            local f, message = load(bytes, "b", "b")
            assert(f == nil, "binary chunk loaded")
            local g, m2 = load(bytes)
            assert(g == nil, "binary chunk loaded in default mode")
            error(m2)
            """)
        guard case .failed(let lua) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(lua.message.contains("attempt to load a binary chunk"))
    }

    @Test(
        "an infinite loop is stopped by the instruction limit",
        arguments: [
            "while true do end",
            "while true do pcall(function() while true do end end) end",
            "local co = coroutine.wrap(function() while true do end end) co()",
            "while true do coroutine.resume(coroutine.create(function() for i = 1, 1e6 do end end)) end",
            "xpcall(function() while true do end end, function() while true do end end)",
            "string.gsub(('x'):rep(100), 'x', function() while true do end end)",
            "local t = {} for i = 1, 100 do t[i] = i end table.sort(t, function(a, b) while true do end end)",
            "local ok = pcall(error) while true do local ok2, e = pcall(function() while true do end end) end",
        ])
    func instructions(source: String) async throws {
        var limits = Limits()
        limits.instructions = 5_000_000
        let start = behave_now_ns_swift()
        let (error, _) = try await Self.outcome(source, limits: limits)
        #expect(Self.limit(of: error) == .instructions, "\(String(describing: error))")
        #expect(behave_now_ns_swift() - start < 10_000_000_000)
    }

    @Test(
        "the wall-clock limit stops a run, with no hook and with an instruction limit's count hook",
        arguments: [0, 1_000_000_000_000])
    func time(instructions: Int) async throws {
        var limits = Limits()
        limits.instructions = instructions
        limits.time = 0.2
        let start = behave_now_ns_swift()
        let (error, _) = try await Self.outcome("while true do end", limits: limits)
        #expect(Self.limit(of: error) == .time)
        // Generous: the suites run in parallel on two cores. The benchmark times the stop itself.
        #expect(behave_now_ns_swift() - start < 2_000_000_000, "termination came within ten times the limit")
    }

    @Test("the wall-clock limit stops a __call chain, which loops where no instruction runs")
    func callChainTime() async throws {
        // A second: long enough that the chain's stack has grown past the size where doubling it
        // takes longer than the limit, so only the check in the loop itself can be in time.
        var limits = Limits()
        limits.time = 1
        let start = behave_now_ns_swift()
        let (error, _) = try await Self.outcome(
            "local mt = {}; local t = setmetatable({}, mt); mt.__call = t; pcall(t)", limits: limits)
        #expect(Self.limit(of: error) == .time)
        #expect(behave_now_ns_swift() - start < 2_000_000_000, "termination came within twice the limit")
    }

    @Test(
        "memory bombs hit the memory limit, and catching it does not help",
        arguments: [
            "local t = {} for i = 1, 1e9 do t[i] = i end",
            "local s = 'x' while true do s = s .. s end",
            "while true do pcall(function() local t = {} for i = 1, 1e9 do t[i] = {} end end) end",
            "local t = {} for i = 1, 64 do t[i] = ('x'):rep(1 << 20) .. i end",
            "return table.concat(setmetatable({}, {__index = function() return ('y'):rep(1 << 20) end}), '', 1, 1000)",
        ])
    func memory(source: String) async throws {
        var limits = Limits()
        limits.memory = 8 << 20
        let (error, _) = try await Self.outcome(source, limits: limits)
        #expect(Self.limit(of: error) == .memory, "\(String(describing: error))")
    }

    @Test("string.rep with a huge count is refused cleanly")
    func repBomb() async throws {
        var limits = Limits()
        limits.memory = 8 << 20
        let (error, _) = try await Self.outcome("return ('x'):rep(1e12)", limits: limits)
        #expect(error != nil)
    }

    @Test("output volume is limited and cannot be caught")
    func output() async throws {
        var limits = Limits()
        limits.output = 1000
        let (error, printed) = try await Self.outcome("while true do pcall(print, ('z'):rep(100)) end", limits: limits)
        #expect(Self.limit(of: error) == .output)
        #expect(printed.utf8.count <= 1000)
    }

    @Test(
        "deep recursion is a clean depth error",
        arguments: [
            "local function f(n) return 1 + f(n + 1) end return f(1)",
            "local t = setmetatable({}, {__index = function(t, k) return t[k + 1] end}) return t[1]",
        ])
    func depth(source: String) async throws {
        let (error, _) = try await Self.outcome(source)
        #expect(error != nil)
    }

    @Test(
        "a parser bomb (deeply nested source) is a syntax error, not a crash",
        arguments: ["parentheses", "tables", "blocks", "unary minus"])
    func parserBomb(kind: String) async throws {
        let source =
            switch kind {
            case "parentheses":
                String(repeating: "(", count: 1_000_000) + "1" + String(repeating: ")", count: 1_000_000)
            case "tables": "return " + String(repeating: "{", count: 200_000) + String(repeating: "}", count: 200_000)
            case "blocks": String(repeating: "do ", count: 100_000) + String(repeating: "end ", count: 100_000)
            default: "local x = " + String(repeating: "- ", count: 500_000) + "1"
            }
        let (error, _) = try await Self.outcome(source)
        guard case .invalid(let diagnostics) = error else {
            Issue.record("\(kind): \(String(describing: error))")
            return
        }
        let message = diagnostics.first?.message ?? ""
        #expect(message.contains("overflow") || message.contains("levels"), "\(kind): \(message.prefix(200))")
    }

    @Test(
        "string.format and table.concat bombs hit the memory limit",
        arguments: [
            "local s = ('x'):rep(1 << 20) local t = {} for i = 1, 100 do t[i] = string.format('%s%s', s, s) end",
            "local parts = {} for i = 1, 1e7 do parts[i] = 'abcdefgh' end return #table.concat(parts)",
            "return string.format(('%99d'):rep(1e6), 1)",
        ])
    func formatBombs(source: String) async throws {
        var limits = Limits()
        limits.memory = 8 << 20
        let (error, _) = try await Self.outcome(source, limits: limits)
        #expect(error != nil, "\(source)")
        if case .terminated = error { #expect(Self.limit(of: error) == .memory) }
    }

    /// A chain of suspended coroutines whose `__close` runs `onClose` (closing the next one).
    static func closeChain(_ onClose: String) -> String {
        """
        local function chain(n)
          local co = coroutine.create(function()
            local x <close> = setmetatable({}, {__close = function() if n > 0 then \(onClose) end end})
            coroutine.yield()
          end)
          coroutine.resume(co)
          return co
        end
        print(coroutine.close(chain(100000)))
        """
    }

    static let closeChains = [
        closeChain("coroutine.close(chain(n - 1))"),
        closeChain("local ok, e = coroutine.close(chain(n - 1)) error(e or 'x', 0)"),
        """
        local function chain(n)
          return coroutine.wrap(function()
            local x <close> = setmetatable({}, {__close = function() if n > 0 then chain(n - 1)() end end})
            error("boom")
          end)
        end
        print(pcall(chain(100000)))
        """,
    ]

    @Test(
        "coroutines closing each other through __close, deeply: an error or a result, never a crash",
        arguments: 0..<3)
    func closeChains(index: Int) async throws {
        let (error, printed) = try await Self.outcome(Self.closeChains[index])
        #expect(error == nil || Self.limit(of: error) != nil, "\(String(describing: error))")
        #expect(error != nil || printed.hasPrefix("true") || printed.hasPrefix("false"), "\(printed.prefix(100))")
    }

    @Test(
        "a script that catches the limit error and tries to go on gets nowhere",
        arguments: [
            "for i = 1, 100 do pcall(function() while true do end end) end print('went on')",
            "local co = coroutine.create(function() while true do end end) print(coroutine.resume(co)) print('went on')",
            "xpcall(function() while true do end end, function(e) print('handler ran') end) print('went on')",
            "on('E', function() while true do end end) emit('E') wait(0) print('went on')",
            "after(0, function() while true do end end) wait(1) print('went on')",
        ])
    func catchAndContinue(source: String) async throws {
        var limits = Limits()
        limits.instructions = 1_000_000
        let (error, printed) = try await Self.outcome(source, limits: limits)
        #expect(Self.limit(of: error) == .instructions, "\(String(describing: error))")
        #expect(!printed.contains("went on") && !printed.contains("handler ran"), "\(printed)")
    }

    @Test("__gc finalizers are refused")
    func finalizers() async throws {
        let (error, printed) = try await Self.outcome("setmetatable({}, {__gc = function() print('ran') end})")
        guard case .failed(let lua) = error else {
            Issue.record("no error")
            return
        }
        #expect(lua.message.contains("__gc metamethods are not available"))
        #expect(printed.isEmpty)
    }

    @Test("collectgarbage allows only count")
    func collect() async throws {
        let host = try Self.host()
        #expect(
            try await host.run(Behaviour(name: "c.lua", source: "return collectgarbage('count') > 0")).results.first?
                .boolean == true)
        await #expect(throws: BehaveError.self) {
            _ = try await host.run(Behaviour(name: "c.lua", source: "collectgarbage('stop')"))
        }
    }

    @Test("cancellation from another thread stops a run")
    func cancel() async throws {
        var limits = Limits()
        limits.instructions = 0
        limits.time = 0
        let host = try Self.host(limits: limits)
        await Self.expectCancelledFromAnotherThread(host)
        #expect(try await host.run(Behaviour(name: "ok.lua", source: "return 1")).results.first?.integer == 1)
    }

    @Test("with polling interruption, no signal: a deadline and a cancellation stop a run, nothing is counted")
    func polling() async throws {
        var policy = SandboxPolicy()
        policy.interruption = .polling
        policy.limits.time = 0.2
        let host = try BehaveHost(modules: [], policy: policy)
        let start = behave_now_ns_swift()
        do {
            _ = try await host.run(Behaviour(name: "spin.lua", source: "while true do end"))
            Issue.record("the loop was not stopped")
        } catch {
            #expect(Self.limit(of: error) == .time, "\(error)")
        }
        // Generous: the suites run in parallel on two cores. The benchmark times the stop itself.
        #expect(behave_now_ns_swift() - start < 2_000_000_000, "termination came within ten times the limit")
        let report = try await host.run(Behaviour(name: "count.lua", source: "for i = 1, 100000 do end return 1"))
        #expect(report.results.first?.integer == 1)
        #expect(report.instructions == 0, "the polling hook is not an instruction limit")

        policy.limits.time = 0
        await Self.expectCancelledFromAnotherThread(try BehaveHost(modules: [], policy: policy))
    }

    /// Spins a loop on `host` and cancels it from a thread of its own 0.1 s later.
    static func expectCancelledFromAnotherThread(_ host: BehaveHost) async {
        let cancellation = host.cancellation
        let thread = Thread {
            usleep(100_000)
            cancellation.cancel()
        }
        thread.start()
        await #expect(throws: BehaveError.self) {
            _ = try await host.run(Behaviour(name: "spin.lua", source: "while true do end"))
        }
    }

    @Test(
        "legitimate scripts still work",
        arguments: [
            "local co = coroutine.wrap(function(a) local b = coroutine.yield(a + 1) return b * 2 end) assert(co(1) == 2 and co(5) == 10)",
            "local ok, e = pcall(error, 'x', 0) assert(not ok and e == 'x')",
            "assert(('hello world'):match('(%w+) (%w+)') == 'hello')",
            "assert(utf8.len('héllo') == 5)",
            "assert(math.maxinteger + 1 == math.mininteger and 7 // 2 == 3)",
            "local f = load('return x + 1', 'c', 't', {x = 41}) assert(f() == 42)",
            "local f = load('y = 5') f() assert(y == 5)",
            "assert(select('#', xpcall(function() return 1, 2 end, print)) == 3)",
            "local t = {} for i = 1, 1000 do t[i] = -i end table.sort(t) assert(t[1] == -1000)",
            "assert(os.time() > 0 and type(os.clock()) == 'number' and os.date('%Y') ~= nil)",
            "local s = {} for i = 1, 100 do s[#s + 1] = tostring(i) end assert(#table.concat(s) == 192)",
            "assert(string.format('%5.1f|%d', 3.14159, 42) == '  3.1|42')",
        ])
    func legitimate(source: String) async throws {
        let host = try Self.host()
        try await host.run(Behaviour(name: "ok.lua", source: source))
    }

    @Test("require loads local Lua files only, never outside its directories")
    func require() async throws {
        let directory = "/tmp/behave-require-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        mkdir(directory, 0o755)
        mkdir(directory + "/lib", 0o755)
        let write = { (path: String, text: String) in
            let file = fopen(path, "w")!
            fputs(text, file)
            fclose(file)
        }
        write(directory + "/lib/util.lua", "return {answer = 42}")
        write(directory + "/main.lua", "local u = require('lib.util') assert(require('lib.util') == u) return u.answer")
        symlink("/etc/passwd", directory + "/escape.lua")
        let host = try Self.host()
        let report = try await host.run(Behaviour.read(path: directory + "/main.lua"))
        #expect(report.results.first?.integer == 42)
        for name in ["'../etc/passwd'", "'/etc/passwd'", "'escape'", "'..lib.util'"] {
            write(directory + "/evil.lua", "return require(\(name))")
            await #expect(throws: BehaveError.self, "\(name)") {
                _ = try await host.run(Behaviour.read(path: directory + "/evil.lua"))
            }
        }
    }

    @Test("Behaviour.read refuses a file past its limit, and /dev/zero, before reading past it")
    func inputLimit() throws {
        #expect(Limits().input == 16 << 20)
        #expect(Limits.unlimited.input == 0)
        let path = "/tmp/behave-input-\(getpid()).lua"
        let file = fopen(path, "w")!
        fputs("return 1\n", file)
        fclose(file)
        defer { unlink(path) }
        #expect(try Behaviour.read(path: path, limit: 9).bytes.count == 9)
        #expect(try Behaviour.read(path: path, limit: 0).bytes.count == 9)
        do {
            _ = try Behaviour.read(path: path, limit: 8)
            Issue.record("an input past its limit was read")
        } catch {
            guard case .tooLarge(path, 8) = error else { throw error }
            #expect(error.description == "\(path): larger than the input limit of 8 bytes")
        }
        do {
            _ = try Behaviour.read(path: "/dev/zero", limit: 1 << 20)
            Issue.record("/dev/zero was read")
        } catch {
            guard case .tooLarge("/dev/zero", 1 << 20) = error else { throw error }
        }
    }
}

func behave_now_ns_swift() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
}
