import Behave
import BehaveDemos
import BehaveLua
import BehavePlatform
import Foundation
import Testing

/// A run cancelled from another thread, with the preemption signal and with polling.
@Suite("Sandbox: cancellation")
struct SandboxCancellationTests: HostileScriptSuite {
    @Test("cancellation from another thread stops a run")
    func cancel() async throws {
        var limits = Limits()
        limits.instructions = 0
        limits.time = 0
        let host = try Self.host(limits: limits)
        await Self.expectCancelledFromAnotherThread(host)
        #expect(try await host.run(Behaviour(name: "ok.lua", source: "return 1")).results.first == .integer(1))
    }

    @Test("with polling interruption, no signal: a deadline and a cancellation stop a run, nothing is counted")
    func polling() async throws {
        var policy = SandboxPolicy()
        policy.interruption = .polling
        policy.limits.time = 0.2
        let host = try BehaveHost(modules: [], policy: policy)
        let start = behave_now_ns_swift()
        do {
            _ = try await host.run(Behaviour(name: "spin.lua", source: "while true do end"))
            Issue.record("the loop was not stopped")
        } catch {
            #expect(Self.limit(of: error) == .time, "\(error)")
        }
        // Only a guard against a hang: the suites share two cores, and the benchmark times the stop.
        #expect(behave_now_ns_swift() - start < 30_000_000_000, "the run stopped rather than hung")
        let report = try await host.run(Behaviour(name: "count.lua", source: "for i = 1, 100000 do end return 1"))
        #expect(report.results.first == .integer(1))
        #expect(report.instructions == 0, "the polling hook is not an instruction limit")

        policy.limits.time = 0
        await Self.expectCancelledFromAnotherThread(try BehaveHost(modules: [], policy: policy))
    }

    /// Spins a loop on `host` and cancels it from a thread of its own 0.1 s later.
    static func expectCancelledFromAnotherThread(_ host: BehaveHost) async {
        let cancellation = host.cancellation
        let thread = Thread {
            usleep(100_000)
            cancellation.cancel()
        }
        thread.start()
        await #expect(throws: BehaveError.self) {
            _ = try await host.run(Behaviour(name: "spin.lua", source: "while true do end"))
        }
    }
}
