import Behave
import BehaveDemos
import BehaveLua
import Foundation
import Testing

/// Events from the app and from `emit`: handlers, `wait_for`, batches, payloads, failing handlers.
@Suite("Behaviour runtime: events and handlers (test clock)")
struct RuntimeEventTests {
    @Test("wait_for times out with nil, 'timeout', or returns the payload")
    func waitForTimeout() async throws {
        let outcome = try await runOnTestClock(
            """
            print(wait_for("NEVER", {timeout = 2.5}))
            print(now())
            after(1, function() emit("READY", {n = 4}) end)
            after(2, function() emit("BARE") end)
            local payload = wait_for("READY", {timeout = 5})
            print(payload.n, now())
            print(wait_for("BARE"), now())
            """)
        #expect(outcome.lines == ["nil\ttimeout", "2.5", "4\t3.5", "true\t4.5"])
    }

    @Test("an event arriving while a handler waits runs another handler meanwhile")
    func eventWhileWaiting() async throws {
        let outcome = try await runOnTestClock(
            """
            on("A", function(data, name)
              print("start", name, data.id, now())
              wait(2)
              print("end", data.id, now())
            end)
            """, timeline: [TimedEvent("A", data: ["id": 1]), TimedEvent("A", data: ["id": 2], after: 1)])
        #expect(outcome.lines == ["start\tA\t1\t0.0", "start\tA\t2\t1.0", "end\t1\t2.0", "end\t2\t3.0"])
    }

    @Test("once and on handles: once runs one time, a cancelled handler never runs")
    func onceAndCancel() async throws {
        let outcome = try await runOnTestClock(
            """
            once("E", function(d) print("once", d) end)
            local h = on("E", function(d) print("on", d) end)
            emit("E", 1) wait(0)
            h:cancel()
            emit("E", 2) wait(0)
            print("end")
            """)
        #expect(outcome.lines == ["once\t1", "on\t1", "end"])
    }

    @Test("a failing handler reports its error and the others go on")
    func failingHandler() async throws {
        let outcome = try await runOnTestClock(
            """
            on("E", function() print("first") end)
            on("E", function() local screen = nil; screen.shwo() end)
            on("E", function() wait(1) print("third", now()) end)
            emit("E")
            wait(2)
            print("main still here")
            """)
        #expect(outcome.lines == ["first", "third\t1.0", "main still here"])
        #expect(outcome.report?.failedTasks == 1)
        #expect(outcome.diagnostics.contains("behave: test.lua:2: attempt to index a nil value (local 'screen')"))
        #expect(outcome.diagnostics.contains("test.lua:2: in function <test.lua:2>"))
        #expect(!outcome.diagnostics.contains("\tbehave:"), "runtime frames in \(outcome.diagnostics)")
    }

    @Test("failing handlers' reports are bounded: 100 shown, each cut at 4 KiB, the rest counted")
    func boundedReports() async throws {
        let outcome = try await runOnTestClock(
            """
            for i = 1, 150 do after(i, function() error(("é"):rep(5000) .. i, 0) end) end
            """)
        #expect(outcome.report?.failedTasks == 150)
        let lines = outcome.diagnostics.split(separator: "\n")
        let reports = lines.filter { $0.hasPrefix("behave: é") }
        #expect(reports.count == 100)
        #expect(reports.allSatisfy { $0.utf8.count <= 4096 + 40 && $0.hasSuffix(" more bytes)") })
        // Cut between characters: the kept half of "é" is never left dangling.
        #expect(
            reports.first?.hasPrefix("behave: " + String(repeating: "é", count: 2048) + "… (5905 more bytes)") == true)
        #expect(lines.filter { $0.hasPrefix("behave: more than 100 handlers or timers failed") }.count == 1)
        #expect(outcome.diagnostics.utf8.count < 100 * 4400)
    }

    @Test("the app delivers events through a channel; finishing it lets the behaviour end")
    func channel() async throws {
        let events = EventChannel()
        events.send("HELLO", ["who": "app"])
        events.send("BYE")
        events.finish()
        events.send("LATE")
        let outcome = try await runOnTestClock(
            """
            on("HELLO", function(d) print("hello", d.who) end)
            on("BYE", function(d) print("bye", d) end)
            on("LATE", function() print("late") end)
            """, events: events)
        #expect(outcome.lines == ["hello\tapp", "bye\tnil"])
        #expect(outcome.report?.finish == .completed(waiting: 0))
    }

    /// A finished channel holding events `E` numbered 1…count, all due at once.
    static func numberedEvents(_ count: Int) -> EventChannel {
        let events = EventChannel()
        for index in 1...count { events.send("E", .integer(Int64(index))) }
        events.finish()
        return events
    }

    @Test("a task looping on wait(0) lets the app's events in")
    func waitLoopLetsEventsIn() async throws {
        let outcome = try await runOnTestClock(
            """
            local got
            on("E", function(i) got = i end)
            local spins = 0
            while not got do spins = spins + 1 wait(0) end
            print("got", got)
            """, events: Self.numberedEvents(1))
        #expect(outcome.lines == ["got\t1"])
    }

    @Test("events due together reach Lua in batches, and each is delivered and its tasks run before the next")
    func eventBatches() async throws {
        let events = Self.numberedEvents(600)
        // 600 events cross batches of 256; a task that waits for each in turn sees every one,
        // which it would not if the next event came before it ran again. The handler of the
        // last event runs in the same step as the task's print, before it.
        let outcome = try await runOnTestClock(
            """
            local n, handled = 0, 0
            on("E", function(i) handled = handled + 1 end)
            for _ = 1, 600 do n = n + wait_for("E") end
            print(n, handled)
            """, events: events)
        #expect(outcome.lines == ["\((1...600).reduce(0, +))\t600"], "\(outcome.diagnostics)")
        #expect(outcome.report?.finish == .completed(waiting: 0))
    }

    @Test("stop() in the middle of a batch: no later event of it is delivered")
    func stopInBatch() async throws {
        let events = Self.numberedEvents(600)
        let outcome = try await runOnTestClock(
            """
            local n = 0
            on("E", function(i)
              n = n + 1
              if i == 300 then stop("enough") end
            end)
            on("E", function(i) if i > 300 then print("late", i) end end)
            """, events: events)
        #expect(outcome.lines.isEmpty, "\(outcome.lines)")
        #expect(outcome.report?.finish == .stopped("enough"))
    }

    @Test("each event of a batch has an instruction limit of its own")
    func instructionsPerEvent() async throws {
        var limits = Limits()
        limits.instructions = 200_000
        let busy = "on('E', function() local x = 0 for i = 1, 20000 do x = x + i end end)"
        let events = EventChannel()
        for _ in 1...50 { events.send("E") }
        events.finish()
        // Each event's handler runs about 80,000 instructions: 50 of them would pass the limit
        // together, but never one alone.
        let outcome = try await runOnTestClock(busy, limits: limits, events: events)
        if let error = outcome.error { Issue.record("the run failed: \(error)") }
        #expect(outcome.report?.finish == .completed(waiting: 0))
        let one = EventChannel()
        one.send("E")
        one.finish()
        var tight = Limits()
        tight.instructions = 20_000
        let stopped = try await runOnTestClock(busy, limits: tight, events: one)
        guard case .terminated(let error) = stopped.error else {
            Issue.record("not terminated: \(String(describing: stopped.error))")
            return
        }
        #expect(error.kind == .limit(.instructions))
    }

    @Test("an event payload nested past the bridge's limit fails the run with a clear error; one at the limit arrives")
    func deepPayload() async throws {
        func nested(_ depth: Int) -> PlainValue {
            (1..<depth).reduce(PlainValue.array([])) { inner, _ in .array([inner]) }
        }
        let handler = "on('E', function(p) local d = 0 while type(p) == 'table' do d = d + 1 p = p[1] end print(d) end)"
        let events = EventChannel()
        events.send("E", nested(1000))
        events.finish()
        let outcome = try await runOnTestClock(handler, events: events)
        #expect(outcome.lines == ["1000"])
        let tooDeep = EventChannel()
        tooDeep.send("E", nested(1001))
        tooDeep.finish()
        let failed = try await runOnTestClock(handler, events: tooDeep)
        #expect(failed.lines.isEmpty)
        #expect(
            failed.error.map { "\($0)".contains("nested more than 1000 levels deep") } == true,
            "\(String(describing: failed.error))")
    }
}
