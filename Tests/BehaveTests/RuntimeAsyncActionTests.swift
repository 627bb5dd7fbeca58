import Behave
import BehaveDemos
import BehaveLua
import Foundation
import Testing

/// Async module actions: a task suspends until the action answers, on a clock of the test's.
@Suite("Behaviour runtime: async actions (test clock)")
struct RuntimeAsyncActionTests {
    @Test("an async action suspends the task and returns its result; the clock is virtual")
    func asyncResult() async throws {
        let outcome = try await runOnTestClock(
            """
            local r = Slow.double(3600)
            print(r, now())
            """)
        #expect(outcome.lines == ["7200\t3600.0"])
        #expect(outcome.clock == 3600)  // the virtual clock moved; the test did not wait an hour
    }

    @Test("an async action's error is a Lua error at the script's line, catchable by pcall")
    func asyncError() async throws {
        let caught = try await runOnTestClock(
            """
            local ok, err = pcall(Slow.refuse, "x")
            print(ok, tostring(err))
            local ok2, err2 = pcall(function() return Slow.refuse("y") end)
            print(ok2, tostring(err2))
            """)
        #expect(caught.lines == ["false\tthe server refused", "false\ttest.lua:3: the server refused"])
        let uncaught = try await runOnTestClock("\nSlow.refuse('z')\n")
        guard case .failed(let error) = uncaught.error else {
            Issue.record("no failure: \(String(describing: uncaught.error))")
            return
        }
        #expect(error.message == "test.lua:2: the server refused")
        #expect(error.traceback?.contains("test.lua:2: in main chunk") == true)
        #expect(
            error.traceback.map { !$0.contains("\tbehave:") && !$0.contains("[C]: in ?") } == true,
            "\(error.traceback ?? "")")
    }

    @Test("actions doing real async work complete while virtual time stands still")
    func realAsyncWork() async throws {
        let outcome = try await runOnTestClock("print(Slow.busy(), now())")
        #expect(outcome.lines == ["done\t0.0"])
    }

    @Test("a bad argument to an async action is reported before any work starts")
    func asyncBadArgument() async throws {
        let outcome = try await runOnTestClock("\nSlow.double('many')")
        guard case .failed(let error) = outcome.error else {
            Issue.record("no failure")
            return
        }
        #expect(error.message.hasPrefix("test.lua:2: bad argument #1 to 'Slow.double'"))
    }

    @Test("an async action where a task cannot wait is a clear error")
    func asyncNotYieldable() async throws {
        let outcome = try await runOnTestClock("table.sort({3, 2, 1}, function(a, b) Slow.double(1) return a < b end)")
        guard case .failed(let error) = outcome.error else {
            Issue.record("no failure")
            return
        }
        #expect(error.message.contains("Slow.double is async and cannot be called here"))
    }

    @Test("output from async actions on other threads is counted and kept in order")
    func asyncOutput() async throws {
        let outcome = try await runOnTestClock("print('before') Slow.chatty(3) print('after')")
        #expect(outcome.lines == ["before", "line 0", "line 1", "line 2", "after"])
    }
}
