import Behave
import BehaveDemos
import BehaveLua
import Foundation
import Testing

/// `after` and `every`: their order, their cancellation, and what they leave behind.
@Suite("Behaviour runtime: timers (test clock)")
struct RuntimeTimerTests {
    @Test("timers fire in time order, ties in creation order")
    func timerOrder() async throws {
        let outcome = try await runOnTestClock(
            """
            after(3, function() print("c", now()) end)
            after(1, function() print("a", now()) end)
            after(2, function() print("b1", now()) end)
            after(2, function() print("b2", now()) end)
            after(0, function(x) print("zero", x) end, "arg")
            print("main done")
            """)
        #expect(outcome.lines == ["main done", "zero\targ", "a\t1.0", "b1\t2.0", "b2\t2.0", "c\t3.0"])
        #expect(outcome.report?.finish == .completed(waiting: 0))
    }

    @Test("waits and the runtime's timers share one order: time, then creation")
    func waitsAmongTimers() async throws {
        // wait's tasks and the records of after, every and wait_for's timeouts share one heap,
        // so a wait made after a timer due at the same instant comes after it.
        let outcome = try await runOnTestClock(
            """
            after(1, function() print("after 1") end)
            on("go", function() print("handler") wait(0) print("handler again") end)
            after(0, function() print("after 0") wait(1) print("after 0 then", now()) end)
            wait(0)
            print("main 0")
            emit("go")
            wait(1)
            print("main", now())
            """)
        #expect(
            outcome.lines == [
                "after 0", "main 0", "handler", "handler again", "after 1", "after 0 then\t1.0", "main\t1.0",
            ])
        #expect(outcome.report?.finish == .completed(waiting: 0))
    }

    @Test("every ticks until cancelled, even from inside its own callback")
    func everyCancel() async throws {
        let outcome = try await runOnTestClock(
            """
            local n = 0
            local h = every(1, function(self)
              n = n + 1
              print("tick", n, now())
              if n == 3 then print("cancel", self:cancel()) end
            end)
            wait(10)
            print("active", h:active(), "ticks", n)
            """)
        #expect(
            outcome.lines == [
                "tick\t1\t1.0", "tick\t2\t2.0", "tick\t3\t3.0", "cancel\ttrue", "active\tfalse\tticks\t3",
            ])
    }

    @Test("a timer whose handle is garbage keeps running")
    func handleCollected() async throws {
        let outcome = try await runOnTestClock(
            """
            local n = 0
            every(1, function() n = n + 1 end)
            collectgarbage() collectgarbage()
            wait(5.5)
            print(n)
            stop()
            """, trusted: true)
        #expect(outcome.lines == ["5"])
    }

    @Test(
        "cancelled timers, answered timeouts and cancelled handlers are let go at once: the heap stays flat",
        arguments: [
            "every(0.01, function() after(3600, function() end):cancel() end)",
            "every(0.01, function() after(0, function() emit('reply') end) wait_for('reply', {timeout = 3600}) end)",
            "every(0.01, function() on('never', function() end):cancel() end)",
        ])
    func flatHeap(pattern: String) async throws {
        // 30,000 ticks: what each left behind before (a few hundred bytes) would pass 8 MiB.
        let outcome = try await runOnTestClock(pattern + " wait(300) stop()")
        #expect(outcome.error == nil, "\(String(describing: outcome.error))")
        #expect(outcome.clock >= 300)
        let peak = try #require(outcome.report?.peakMemory)
        #expect(peak < 4 << 20, "peak \(peak) bytes")
    }

    @Test("every's interval is at least a millisecond, so virtual time always advances")
    func shortestInterval() async throws {
        let outcome = try await runOnTestClock(
            "local n = 0 every(1e-300, function() n = n + 1 end) wait(1) print(n) stop()")
        #expect(outcome.lines == ["999"])
    }

    @Test("a host reused on a virtual clock fires a timer whose instant rounds below it (found by fuzzing)")
    func timerAfterRounding() async throws {
        let captured = Captured()
        let output = OutputSink(write: { captured.output += $0 }, diagnostic: { captured.diagnostics += $0 + "\n" })
        let host = try BehaveHost(modules: [], output: output, clock: VirtualClock())
        _ = try await host.run(Behaviour(name: "first.lua", source: "wait(2.6)"))
        // The second run counts from 2.6: (2.6 + 0.3) - 2.6 is 0.2999999999999998. Without the
        // fix the scheduler spun there for ever; the cancellation only keeps a failure short.
        let cancellation = host.cancellation
        let guardTask = Task {
            try await Task.sleep(nanoseconds: 10_000_000_000)
            cancellation.cancel()
        }
        defer { guardTask.cancel() }
        let report = try await host.run(
            Behaviour(
                name: "second.lua",
                source:
                    "after(0.3, function() print('fired', now()) end) every(0.7, function(h) print('tick') h:cancel() end)"
            ))
        #expect(report.finish == .completed(waiting: 0))
        #expect(captured.output == "fired\t0.3\ntick\n", "\(captured.diagnostics)")
    }
}
