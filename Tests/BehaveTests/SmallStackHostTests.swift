import Behave
import BehaveDemos
import CBehave
import Foundation
import Testing

/// A host used from a thread with a small C stack (Apple's secondary threads have 512 KiB)
/// gives scripts the same C depth as on the main thread: its slices run on a thread of its own.
@Suite("A host on a small C stack")
struct SmallStackHostTests {
    /// A task executor whose jobs all run on one thread of `stackSize` bytes. The thread keeps
    /// it alive: one is made for the suite and lives as long as the process.
    final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
        private let condition = NSCondition()
        private var jobs: [UnownedJob] = []

        init(stackSize: Int) {
            let thread = Thread { [self] in
                while true {
                    condition.lock()
                    while jobs.isEmpty { condition.wait() }
                    let job = jobs.removeFirst()
                    condition.unlock()
                    job.runSynchronously(on: asUnownedTaskExecutor())
                }
            }
            thread.stackSize = stackSize
            thread.start()
        }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            condition.lock()
            jobs.append(job)
            condition.signal()
            condition.unlock()
        }
    }

    static let smallThread = ThreadExecutor(stackSize: 512 * 1024)

    /// Reports how much C stack is left where its action runs: where the host runs Lua.
    struct StackProbe: BehaveModule {
        let name = "Probe"
        var actions: [Action] { [Action("stackLeft") { _ in Int(behave_stack_available()) }] }
    }

    /// Nested `gsub` callbacks inside a `pcall`: near Lua's own 200 C levels.
    static let deep = """
        local function down(n)
          if n == 0 then return Probe.stackLeft() end
          return (string.gsub("x", "x", function() return down(n - 1) end))
        end
        return select(2, pcall(down, 190))
        """

    @Test("on a 512 KiB thread, Lua runs with at least 1 MiB of C stack, as deep as on the main thread")
    func deepNesting() async throws {
        let results = try await withTaskExecutorPreference(Self.smallThread) {
            let host = try BehaveHost(modules: [StackProbe()])
            let deep = try await host.run(Behaviour(name: "deep.lua", source: Self.deep))
            let after = try await host.run(Behaviour(name: "after.lua", source: "return Probe.stackLeft()"))
            var text: String?
            var number: Int64?
            if case .string(let value)? = deep.results.first { text = value }
            if case .integer(let value)? = after.results.first { number = value }
            return (text, number)
        }
        // gsub's result is the callback's, as a string: the stack left 190 levels down.
        let deepLeft = try #require(results.0.flatMap { Int($0) }, "\(String(describing: results.0))")
        let left = try #require(results.1)
        #expect(left >= 1 << 20, "\(left) bytes of stack left at the top of a run")
        #expect(deepLeft > 0 && deepLeft < left)
    }
}
