import Behave
import BehaveDemos
import BehaveLua
import Foundation
import Testing

/// A session on the test clock, with what it printed and reported.
final class SessionProbe {
    let captured = Captured()
    let session: BehaveSession

    init(limits: Limits = Limits()) throws {
        var policy = SandboxPolicy()
        policy.limits = limits
        let captured = self.captured
        let host = try BehaveHost(
            modules: [MyFirstModule(), Slow()], policy: policy,
            output: OutputSink(
                write: { captured.output += $0 },
                diagnostic: { captured.diagnostics += $0 + "\n" }),
            clock: VirtualClock())
        session = try BehaveSession(host: host)
    }

    /// The printed value of `input`; fails the test when it does not run.
    func value(_ input: String, sourceLocation: SourceLocation = #_sourceLocation) async -> String? {
        let outcome = await session.evaluate(input)
        guard case .values(let text) = outcome else {
            Issue.record("\(input): \(outcome)", sourceLocation: sourceLocation)
            return nil
        }
        return text
    }

    /// The message of the error `input` raises.
    func error(_ input: String, sourceLocation: SourceLocation = #_sourceLocation) async -> String? {
        guard case .failed(let error) = await session.evaluate(input) else {
            Issue.record("\(input) did not fail", sourceLocation: sourceLocation)
            return nil
        }
        return error.description
    }
}

@Suite("REPL sessions")
struct SessionTests {
    @Test("expressions print without '=', several results with tabs, '=expr' still works")
    func autoPrint() async throws {
        let probe = try SessionProbe()
        #expect(await probe.value("1 + 1") == "2")
        #expect(await probe.value("1, 'a', nil, 2.5") == "1\t\"a\"\tnil\t2.5")
        #expect(await probe.value("=10 // 3") == "3")
        #expect(await probe.value("x = 5") == nil)
        #expect(await probe.value("print(x)") == nil)
        #expect(probe.captured.output == "5\n")
    }

    @Test("globals, functions and locals-as-globals persist from one input to the next")
    func statePersists() async throws {
        let probe = try SessionProbe()
        #expect(await probe.value("function double(n) return n * 2 end") == nil)
        #expect(await probe.value("count = double(21)") == nil)
        #expect(await probe.value("count") == "42")
        try probe.session.reset()
        #expect(await probe.value("count") == "nil")
    }

    @Test("an incomplete chunk asks for more; the whole chunk then runs")
    func multiLine() async throws {
        let probe = try SessionProbe()
        guard case .incomplete = await probe.session.evaluate("function f()") else {
            Issue.record("not incomplete")
            return
        }
        guard case .incomplete = await probe.session.evaluate("function f()\n  local s = [[") else {
            Issue.record("an open long string is not incomplete")
            return
        }
        #expect(await probe.value("function f()\n  return 3\nend") == nil)
        // An expression cut short continues too, though as a statement it fails earlier.
        guard case .incomplete = await probe.session.evaluate("{1,") else {
            Issue.record("a table constructor cut short is not incomplete")
            return
        }
        #expect(await probe.value("{1,\n2}") == "{1, 2}")
        #expect(await probe.value("f()") == "3")
        // A syntax error elsewhere is an error, not a continuation.
        #expect(await probe.error("x = = 1")?.contains("stdin:1:") == true)
    }

    @Test("tables print with sorted keys, nesting, cycles shown and long tables cut")
    func tables() async throws {
        let probe = try SessionProbe()
        #expect(
            await probe.value("{3, 2, 1, b = {c = true}, a = 'x', [10] = 0, ['two words'] = 2}")
                == "{3, 2, 1, [10] = 0, a = \"x\", b = {c = true}, [\"two words\"] = 2}")
        #expect(await probe.value("{}") == "{}")
        #expect(await probe.value("t = {name = 'loop'}; t.self = t; return t") == "{name = \"loop\", self = <cycle>}")
        let long = await probe.value("local t = {} for i = 1, 150 do t[i] = i end return t") ?? ""
        #expect(long.hasSuffix("100,\n  … (50 more)\n}"))
        let deep = await probe.value("{{{{{{{1}}}}}}}") ?? ""
        #expect(deep.contains("{…}"))
        let wide = await probe.value(
            "{alpha = 'aaaaaaaaaaaa', beta = 'bbbbbbbbbbbbbb', gamma = 'cccccccccccccc', delta = 'dddddddddddd'}")
        #expect(
            wide == """
                {
                  alpha = "aaaaaaaaaaaa",
                  beta = "bbbbbbbbbbbbbb",
                  delta = "dddddddddddd",
                  gamma = "cccccccccccccc"
                }
                """)
        #expect(await probe.value("'line\\nbreak \"quoted\"'") == "\"line\\nbreak \\\"quoted\\\"\"")
        #expect(await probe.value("MyFirstModule") == "<module MyFirstModule>")
    }

    @Test("hostile values print without running __index or __pairs; a failing __tostring is shown")
    func hostileValues() async throws {
        let probe = try SessionProbe()
        let trapped = await probe.value(
            """
            setmetatable({1}, {__index = function() error('index ran') end, __pairs = function() error('pairs ran') end})
            """)
        #expect(trapped == "{1}")
        let failing = await probe.value("setmetatable({}, {__tostring = function() error('no text', 0) end})")
        #expect(failing == "<__tostring failed: no text>")
        #expect(await probe.value("setmetatable({}, {__tostring = function() return 'a point' end})") == "a point")
        // A __tostring that never returns is stopped by the printer's own budget, not the
        // slice's (a billion instructions here), and the value still shows.
        let endless = await probe.value("setmetatable({}, {__tostring = function() while true do end end})") ?? ""
        #expect(endless.hasPrefix("table: 0x"), "\(endless)")
        #expect(await probe.value("'next'") == "\"next\"")
        // Changing the library does not change how values print.
        #expect(await probe.value("table.sort = nil; string.format = nil; return {b = 1, a = 2}") == "{a = 2, b = 1}")
    }

    @Test("errors name stdin and the line; the session goes on")
    func errors() async throws {
        let probe = try SessionProbe()
        #expect(await probe.error("error('boom')") == "stdin:1: boom")
        #expect(
            await probe.error("local x = 1\nlocal y = nil + x")
                == "stdin:2: attempt to perform arithmetic on a nil value")
        #expect(await probe.value("'still here'") == "\"still here\"")
    }

    @Test("wait and async actions work at the prompt; timers set earlier fire while a later input waits")
    func asyncAtThePrompt() async throws {
        let probe = try SessionProbe()
        #expect(await probe.value("Slow.double(21)") == "42")
        #expect(await probe.value("now()") == "21.0")
        #expect(await probe.value("after(5, function() fired = now() end)") != nil)
        #expect(await probe.value("fired") == "nil")
        #expect(await probe.value("wait(10); return fired") == "26.0")
    }

    @Test("events reach handlers: emit from Swift (:emit) and from Lua")
    func events() async throws {
        let probe = try SessionProbe()
        _ = await probe.value("on('ping', function(p) got = p.n end)")
        guard case .values = await probe.session.emit("ping", ["n": 3]) else {
            Issue.record("emit failed")
            return
        }
        #expect(await probe.value("got") == "3")
        #expect(await probe.value("emit('ping', {n = 4}); wait(0); return got") == "4")
    }

    @Test("stop() ends the input with its reason; the session goes on")
    func stop() async throws {
        let probe = try SessionProbe()
        guard case .stopped(let reason) = await probe.session.evaluate("stop('enough'); print('not reached')") else {
            Issue.record("not stopped")
            return
        }
        #expect(reason == "enough")
        #expect(probe.captured.output.isEmpty)
        #expect(await probe.value("1") == "1")
    }

    @Test("cancellation interrupts a running input; the session keeps its globals")
    func cancellation() async throws {
        let probe = try SessionProbe()
        _ = await probe.value("kept = 'yes'")
        let cancellation = probe.session.host.cancellation
        let canceller = Thread {
            Thread.sleep(forTimeInterval: 0.2)
            cancellation.cancel()
        }
        canceller.start()
        guard case .failed(.terminated(let error)) = await probe.session.evaluate("while true do end") else {
            Issue.record("not interrupted")
            return
        }
        #expect(error.kind == .cancelled)
        #expect(await probe.value("kept") == "\"yes\"")
    }

    @Test("a limit stops an input; the next input runs")
    func limits() async throws {
        var limits = Limits()
        limits.instructions = 100_000
        let probe = try SessionProbe(limits: limits)
        #expect(await probe.error("while true do end")?.contains("instructions") == true)
        #expect(await probe.value("1 + 2") == "3")
    }

    @Test("a behaviour file loads into the session: Lua globals stay, JSON actions run")
    func loadFiles() async throws {
        let probe = try SessionProbe()
        let lua = Behaviour(name: "helpers.lua", source: "function greet(n) return 'hi ' .. n end\nprint('loaded')")
        guard case .values = await probe.session.load(lua) else {
            Issue.record("the Lua file did not load")
            return
        }
        #expect(await probe.value("greet('you')") == "\"hi you\"")
        let json = Behaviour(
            name: "list.json", source: #"[{"name": "MyFirstModule", "actions": [{"func": "sayHello"}]}]"#)
        let ran = await probe.session.load(json)
        guard case .values = ran else {
            Issue.record("the action list did not run: \(ran)")
            return
        }
        #expect(probe.captured.output == "loaded\nHello My name is MyFirstModule\n")
        guard case .failed(.invalid) = await probe.session.load(Behaviour(name: "bad.lua", source: "x = = 1")) else {
            Issue.record("a bad file loaded")
            return
        }
    }

    @Test("completion: globals, module names, table fields, and after ':' functions only")
    func completion() async throws {
        let probe = try SessionProbe()
        #expect(probe.session.completions(for: "print(MyFi").candidates == ["MyFirstModule"])
        #expect(probe.session.completions(for: "MyFirstModule.say").candidates == ["sayGoodBye", "sayHello"])
        #expect(probe.session.completions(for: "MyFirstModule.sayH").commonPrefix == "sayHello")
        #expect(probe.session.completions(for: "string.forma").candidates == ["format"])
        #expect(probe.session.completions(for: "whi").candidates == ["while"])
        _ = await probe.value("player = {name = 'x', jump = function() end, inner = {deep = 1}}")
        #expect(probe.session.completions(for: "player:").candidates == ["jump"])
        #expect(probe.session.completions(for: "player.inner.d").candidates == ["deep"])
        #expect(probe.session.completions(for: "player.name.").candidates.isEmpty)
        #expect(probe.session.completions(for: "nothing.here.").candidates.isEmpty)
    }
}
