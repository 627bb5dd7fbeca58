import Behave
import BehaveDemos
import BehaveLua
import BehavePlatform
import Foundation
import Testing

/// Hostile scripts against each limit (instructions, time, memory, output, depth, the parser):
/// stopped by the limit they hit, however they try to catch it.
@Suite("Sandbox: limits")
struct SandboxLimitTests: HostileScriptSuite {
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
        // Only a guard against a hang: the suites share two cores, and the benchmark times the stop.
        #expect(behave_now_ns_swift() - start < 30_000_000_000, "the run stopped rather than hung")
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
        #expect(behave_now_ns_swift() - start < 30_000_000_000, "the run stopped rather than hung")
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
        "a depth limit stops a recursion at the frame that passes it, however few instructions each call runs",
        arguments: [
            (100, "local function f(n) print(n) return 1 + f(n + 1) end f(1)"),
            (1000, "local function f(n) print(n) return 1 + f(n + 1) end f(1)"),
            (100, "local t = setmetatable({}, {__index = function(t, k) print(k) return t[k + 1] end}) return t[1]"),
            (
                50,
                "local co = coroutine.wrap(function() local function f(n) print(n) return 1 + f(n + 1) end f(1) end) co()"
            ),
        ])
    func depthIsExact(depth: Int, source: String) async throws {
        var limits = Limits()
        limits.depth = depth
        let (error, printed) = try await Self.outcome(source, limits: limits)
        #expect(Self.limit(of: error) == .depth, "\(String(describing: error))")
        // The task's own frames (its body, the chunk) count too: the recursion reaches a few fewer.
        let deepest = printed.split(separator: "\n").compactMap { Int($0) }.max() ?? 0
        #expect(deepest <= depth && deepest >= depth - 5, "reached \(deepest) frames under a limit of \(depth)")
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
}
