import Behave
import BehaveDemos
import BehaveLua
import Foundation
import Testing

/// `wait` in functions, loops and the script's own coroutines, and the slices a loop of waits runs in.
@Suite("Behaviour runtime: waits and coroutines (test clock)")
struct RuntimeWaitTests {
    @Test("nested waits: waits inside functions, loops and the script's own coroutines")
    func nestedWaits() async throws {
        let outcome = try await runOnTestClock(
            """
            local function pause(s) wait(s) return now() end
            local function twice(s) pause(s) return pause(s) end
            print(twice(1))
            for i = 1, 3 do wait(0.5) end
            print(now())
            local gen = coroutine.wrap(function() for i = 1, 2 do wait(1) coroutine.yield(i) end end)
            print(gen(), now())
            print(gen(), now())
            local co = coroutine.create(function() wait(2) return "inner" end)
            print(coroutine.resume(co))
            print(now(), coroutine.status(co))
            """)
        #expect(outcome.lines == ["2.0", "3.5", "1\t4.5", "2\t5.5", "true\tinner", "7.5\tdead"])
    }

    @Test("a request that cannot be passed up leaves no mark: the coroutine's next plain yield stays plain")
    func unpassableRequest() async throws {
        // inner's wait reaches co inside a sort comparator, where co cannot yield: the pass-up
        // fails (caught by pcall), and co's later plain yield must not be taken for a request.
        let outcome = try await runOnTestClock(
            """
            local inner = coroutine.wrap(function() wait(1) end)
            local co = coroutine.wrap(function()
              local ok, err = pcall(table.sort, {2, 1}, function(a, b) inner() return a < b end)
              print(ok, (tostring(err):gsub("^.-: ", "")))
              coroutine.yield("plain")
              return "done"
            end)
            print(co(), now())
            print(co(), now())
            """)
        #expect(
            outcome.lines == [
                "false\tattempt to yield across a C-call boundary", "plain\t0.0", "done\t0.0",
            ])
    }

    @Test("a wait(0) loop runs in stretches of fresh slices: an instruction limit counts each, not the loop")
    func waitLoopSlices() async throws {
        var limits = Limits()
        limits.instructions = 5_000
        // Under ThreadSanitizer (scripts/sanitize sets TSAN_OPTIONS) a short loop: each yield leaves
        // its shadow stack a few frames deeper, since Debian's liblua throws with __longjmp_chk,
        // which it does not unwind, and 200,000 yields overflow it.
        let waits = ProcessInfo.processInfo.environment["TSAN_OPTIONS"] == nil ? 200_000 : 2_000
        let outcome = try await runOnTestClock(
            "local n = 0 for i = 1, \(waits) do n = n + 1 wait(0) end print(n)", limits: limits)
        if let error = outcome.error { Issue.record("the run failed: \(error)") }
        #expect(outcome.lines == ["\(waits)"])
        #expect((outcome.report?.instructions ?? 0) > waits)
    }

    @Test(
        "handlers run on reused coroutines, except one a script holds: it stays its own, and dead",
        arguments: [false, true])
    func heldCoroutines(trusted: Bool) async throws {
        let outcome = try await runOnTestClock(
            """
            local held, count = {}, 0
            on("E", function(i)
              count = count + 1
              if i % 2 == 0 then held[#held + 1] = coroutine.running() end
            end)
            after(0, function() held[#held + 1] = coroutine.running() end)
            for i = 1, 6 do emit("E", i) wait(0) end
            local distinct = {}
            for _, co in ipairs(held) do distinct[co] = coroutine.status(co) end
            local n = 0
            for _, status in pairs(distinct) do n = n + 1 assert(status == "dead", status) end
            print(count, #held, n)
            """, trusted: trusted)
        if let error = outcome.error { Issue.record("the run failed: \(error)") }
        #expect(outcome.lines == ["6\t4\t4"])
    }
}
