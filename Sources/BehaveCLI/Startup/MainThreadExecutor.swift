import Behave
import BehavePlatform

/// Runs the tool's top-level task on the process's own main thread, so a behaviour's Lua code
/// runs there too, and a run that never waits stays a single-threaded process.
///
/// Swift's `async` entry point parks the main thread and runs everything on the concurrency
/// threads. In a process with a second thread, glibc's `malloc` and `free` take their locks and
/// use a per-thread arena, which Lua pays on every object it creates (docs/performance.md).
/// A task started with this executor as its preference runs its nonisolated async code here;
/// the scheduler's own tasks (timers, async actions) still run on Swift's threads and resume
/// the top-level task through ``enqueue(_:)``.
///
/// ```swift
/// MainThreadExecutor.run { await work() }  // as BehaveMain.main does
/// ```
package final class MainThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let wake = Condition()
    private var jobs: [UnownedJob] = []

    private init() {}

    /// Called from any thread: a job of a task that prefers this executor is ready to run.
    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        wake.withLock {
            jobs.append(job)
            wake.signal()
        }
    }

    /// Starts `main` as a task preferring the calling thread, and runs that task's jobs on the
    /// calling thread until `main` exits the process.
    ///
    /// It first unblocks every signal on this thread, as Swift's `async` entry point does for the
    /// thread it parks: a process started from a thread that blocks signals (a Swift program's
    /// concurrency threads do) inherits that mask, and Ctrl-C's handler would never run.
    package static func run(_ main: sending @escaping () async -> Never) -> Never {
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, nil)
        let executor = MainThreadExecutor()
        Task(executorPreference: executor) { await main() }
        executor.serve()
    }

    private func serve() -> Never {
        var batch: [UnownedJob] = []
        while true {
            wake.lock()
            while jobs.isEmpty { wake.wait() }
            swap(&batch, &jobs)
            wake.unlock()
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
            batch.removeAll(keepingCapacity: true)
        }
    }
}
