import BehaveTestSupport
import Foundation
import Testing

/// `behave test`: tests of behaviours on a virtual clock, with fakes, through the built tool.
@Suite("behave test")
struct TestCommandTests {
    /// A scratch directory holding the keynote and its tests where docs/testing.md names them.
    static func keynoteCopy() throws -> URL {
        let work = try Tool.temporaryDirectory()
        let examples = work.appendingPathComponent("scripts/examples")
        try FileManager.default.createDirectory(at: examples, withIntermediateDirectories: true)
        for name in ["keynote.lua", "keynote_test.lua"] {
            try FileManager.default.copyItem(
                at: Tool.root.appendingPathComponent("scripts/examples/" + name),
                to: examples.appendingPathComponent(name))
        }
        return work
    }

    @Test("the keynote's tests pass as docs/testing.md shows, and the example is the file it runs")
    func keynoteDoc() throws {
        #expect(try Docs.block("test-example", in: "docs/testing.md") == Docs.text("scripts/examples/keynote_test.lua"))
        var lines = try Docs.block("test-run", in: "docs/testing.md").split(separator: "\n").map(String.init)
        #expect(lines.removeFirst() == "$ behave test scripts/examples/keynote_test.lua")
        let result = try Tool.run(["test", "scripts/examples/keynote_test.lua"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == lines.joined(separator: "\n") + "\n")
    }

    @Test("a failure names the line, the values and the source line, as docs/testing.md shows; exit 1")
    func failureDoc() throws {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write(try Docs.block("failing-test", in: "docs/testing.md"), to: "greeting_test.lua", in: work)
        var lines = try Docs.block("failing-run", in: "docs/testing.md").split(separator: "\n").map(String.init)
        #expect(lines.removeFirst() == "$ behave test greeting_test.lua")
        let result = try Tool.run(["test", "greeting_test.lua"], in: work)
        #expect(result.status == 1)
        #expect(result.stdout == lines.joined(separator: "\n") + "\n")
    }

    @Test("a test's own stop() ends it where it is, as stop() ends a run: no __close runs after it")
    func stopInTest() throws {
        let work = try Tool.temporaryDirectory()
        let body = """
            local guard <close> = setmetatable({}, {__close = function() print("closed") end})
            print("before")
            stop()
            print("after")
            """
        _ = try Tool.write("test(\"stops\", function()\n\(body)\nend)\n", to: "stop_test.lua", in: work)
        _ = try Tool.write(body + "\n", to: "stop.lua", in: work)
        let test = try Tool.run(["test", "stop_test.lua"], in: work)
        #expect(test.status == 0, "\(test.stderr)")
        #expect(test.stdout == "stop_test.lua\nbefore\n  ok    stops\n1 passed, 0 failed\n", "\(test.stdout)")
        let run = try Tool.run(["run", "stop.lua"], in: work)
        #expect(run.stdout == "before\n", "\(run.stdout)")
    }

    @Test("the CI block writes a JUnit report of every test under the directory")
    func junitDoc() throws {
        let work = try Self.keynoteCopy()
        let block = try Docs.block("test-ci", in: "docs/testing.md")
        let result = try DocsTests.bash(block, in: work)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("3 passed, 0 failed\n"))
        let xml = try String(contentsOf: work.appendingPathComponent("test-report.xml"), encoding: .utf8)
        #expect(
            xml.hasPrefix(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"behave test\" tests=\"3\" failures=\"0\" errors=\"0\">"
            ))
        #expect(
            xml.contains(
                "<testcase name=\"the screens follow the events\" classname=\"scripts/examples/keynote_test.lua\""))
    }

    @Test("hostile and broken tests: each fails with its reason, the others still run")
    func failures() throws {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write(
            """
            test("a typo in fake", function() fake("Keynot") end)
            test("an unknown action", function() fake("Keynote", {vot = 1}) end)
            test("a handler fails", function()
              on("x", function() error("boom") end)
              emit("x")
              wait(1)
            end)
            test("waits forever", function() wait_for("never") end)
            test("a timer every minute, forever", function() every(60, function() end); wait_for("never") end)
            test("deep", function() expect({a = {b = {c = {d = 1}}}}).to_equal({a = {b = {c = {d = 2}}}}) end)
            test("<xml> & \\"quotes\\"", function() error("\\1 control") end)
            test("passes", function() expect("abc").to_contain("b") end)
            """, to: "hostile_test.lua", in: work)
        _ = try Tool.write("test('x', function()\n  local = 1\nend)\n", to: "syntax_test.lua", in: work)
        let result = try Tool.run(["test", "--junit", "report.xml"], in: work)
        #expect(result.status == 1)
        let out = result.stdout
        #expect(
            out.contains(
                "  FAIL  a typo in fake\n        hostile_test.lua:1: fake: there is no module 'Keynot'; did you mean 'Keynote'?\n"
            ))
        #expect(out.contains("hostile_test.lua:2: fake: Keynote has no action 'vot'; did you mean 'vote'?\n"))
        #expect(
            out.contains(
                "  FAIL  a handler fails\n        a handler or timer failed: hostile_test.lua:4: boom\n        4 | on(\"x\""
            ))
        #expect(
            out.contains(
                "  FAIL  waits forever\n        the test did not finish: it waits for an event that can no longer arrive\n"
            ))
        #expect(out.contains("  FAIL  a timer every minute, forever\n        limit exceeded: duration (3600 s)"))
        #expect(out.contains("expected {a = {b = {c = {…}}}}, got {a = {b = {c = {…}}}}"))
        #expect(out.contains("  ok    passes\n"))
        #expect(
            out.contains(
                "syntax_test.lua\n  FAIL  (the file itself)\n        syntax_test.lua:2:9: error: <name> expected near '='\n"
            ))
        #expect(out.hasSuffix("1 passed, 8 failed\n"))
        let xml = try String(contentsOf: work.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(xml.contains("<testcase name=\"&lt;xml&gt; &amp; &quot;quotes&quot;\""))
        #expect(xml.contains("\u{FFFD} control"))
        #expect(xml.contains("<testsuite name=\"syntax_test.lua\" tests=\"1\" failures=\"0\" errors=\"1\""))
    }

    @Test("--filter, no tests, an unreadable file, --trace")
    func options() throws {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write(
            "test('one', function() MyFirstModule.sayHello() end)\ntest('two', function() emit('E', {n = 2}) end)\n",
            to: "a_test.lua", in: work)
        let filtered = try Tool.run(["test", "--filter", "two", "--trace", "trace.jsonl", "a_test.lua"], in: work)
        #expect(filtered.status == 0, "\(filtered.stderr)")
        #expect(filtered.stdout == "a_test.lua\n  ok    two\n1 passed, 0 failed\n")
        let trace = try Tool.read("trace.jsonl", in: work)
        #expect(
            trace == """
                {"t":0,"type":"event","name":"E","payload":{"n":2}}
                {"type":"test","file":"a_test.lua","name":"two","passed":true}

                """)
        let none = try Tool.run(["test", "--filter", "three", "a_test.lua"], in: work)
        #expect(none.status == 1)
        #expect(none.stderr == "behave: no tests ran\n")
        let empty = try Tool.temporaryDirectory()
        let nothing = try Tool.run(["test"], in: empty)
        #expect(nothing.status == 1)
        #expect(nothing.stderr == "behave: no test files (*_test.lua) under .\n")
        let missing = try Tool.run(["test", "missing_test.lua"], in: work)
        #expect(missing.status == 66)
        #expect(missing.stderr == "behave: missing_test.lua: cannot read: No such file or directory\n")
    }

    @Test("each test starts fresh: a global one test sets is gone in the next")
    func fresh() throws {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write(
            """
            local count = 0
            test("first", function() count = count + 1; shared = true; expect(count).to_be(1) end)
            test("second", function() count = count + 1; expect(shared).to_be_nil(); expect(count).to_be(1) end)
            """, to: "fresh_test.lua", in: work)
        let result = try Tool.run(["test"], in: work)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.hasSuffix("2 passed, 0 failed\n"))
    }

    @Test("--watch runs the tests again when a behaviour they ran changes")
    func watch() throws {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write("print('v1')\n", to: "b.lua", in: work)
        let test = try Tool.write("test('runs b', function() run_behaviour('b.lua') end)\n", to: "b_test.lua", in: work)
        let terminal = try PseudoTerminal(["test", "--watch", test], environment: [:])
        try terminal.expect("v1\r\n")
        try terminal.expect("1 passed, 0 failed\r\n")
        try terminal.expect("watching 2 files; Ctrl-C stops\r\n")
        _ = try Tool.write("print('v2')\n", to: "b.lua", in: work)
        try terminal.expect("b.lua changed; running again\r\n")
        try terminal.expect("v2\r\n")
        try terminal.type("\u{3}")
        #expect(try terminal.waitForExit() == 130)
    }
}
