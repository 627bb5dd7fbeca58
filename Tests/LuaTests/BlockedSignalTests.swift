import BehaveLua
import CBehave
import CBehaveLua
import Foundation
import Testing

/// A slice's time limit on a thread that blocks every signal, as a thread pool's workers may: the
/// slice unblocks the one its deadline is sent by.
@Suite("Time limits on a thread that blocks signals")
struct BlockedSignalTests {
    /// What the thread saw; written by it before the semaphore is signalled.
    final class Outcome: @unchecked Sendable {
        var reason: Int32 = -1
        /// The run's cancellation flag, which the test sets when the deadline never comes.
        let cancel = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        init() { cancel.initialize(to: 0) }
        deinit { cancel.deallocate() }
    }

    @Test(
        "a loop stops at its time limit on a thread whose mask blocks every signal, with no hook and with a count hook",
        arguments: [Int32(0), 1000])
    func timeLimitWithSignalsBlocked(interval: Int32) throws {
        let outcome = Outcome()
        let started = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            defer { done.signal() }
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_BLOCK, &all, nil)
            guard let lua = try? LuaState() else { return }
            let L = lua.pointer
            if interval > 0 { lua.control.installCountHook(on: L, interval: interval) }
            lua.control.pointer.pointee.shared_cancel = outcome.cancel
            started.signal()
            let slice = lua.control.enterSlice(of: L, deadline: behave_now_ns() + 200_000_000, runDeadline: 0)
            _ = try? lua.run("while true do end")
            lua.control.leaveSlice(slice)
            outcome.reason = lua.control.pointer.pointee.terminated
        }
        thread.start()
        started.wait()
        // A guard against a hang, not a timing: when the deadline never arrives, the run is
        // cancelled from here (the watchdog stops a count hook's loop), so that the test fails
        // rather than spins.
        if done.wait(timeout: .now() + 20) == .timedOut {
            behave_request_cancel(outcome.cancel)
            done.wait()
            Issue.record("the time limit never stopped the loop")
        }
        #expect(outcome.reason == Int32(BEHAVE_LIMIT_TIME))
    }
}
