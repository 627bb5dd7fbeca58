import Behave
import BehaveDemos
import BehaveLua
import Testing

/// What the sandbox suites share, as `Self.host()` and `Self.outcome(_:limits:)`: a host with
/// limits, and a run of a hostile script that checks the host still runs a normal one after it.
protocol HostileScriptSuite {}

extension HostileScriptSuite {
    static func host(limits: Limits = Limits(), captured: Captured = Captured()) throws -> BehaveHost {
        var policy = SandboxPolicy()
        policy.limits = limits
        return try BehaveHost(
            modules: [MyFirstModule()], policy: policy,
            output: OutputSink(limit: limits.output, write: { captured.output += $0 }, diagnostic: { _ in }))
    }

    /// Runs a script; returns the error or nil and what it printed; then checks
    /// the host still runs a normal one. Whatever limit stopped it, it stopped within twice
    /// the limit (the time limit's own test checks the clock).
    static func outcome(_ source: String, limits: Limits = Limits()) async throws -> (BehaveError?, String) {
        let captured = Captured()
        let host = try host(limits: limits, captured: captured)
        var failure: BehaveError?
        do { _ = try await host.run(Behaviour(name: "hostile.lua", source: source)) } catch { failure = error }
        let used = host.lastRun
        switch limit(of: failure) {
        case .instructions?:
            #expect(
                used.instructions >= limits.instructions && used.instructions <= 2 * limits.instructions,
                "instructions: \(used.instructions) for a limit of \(limits.instructions)")
        case .memory?:
            #expect(
                used.peakMemory > limits.memory / 2 && used.peakMemory <= 2 * limits.memory,
                "memory: \(used.peakMemory) for a limit of \(limits.memory)")
        case .output?:
            #expect(used.bytesWritten <= limits.output, "output: \(used.bytesWritten) for a limit of \(limits.output)")
        default:
            break
        }
        let afterwards = try await host.run(Behaviour(name: "normal.lua", source: "return 6 * 7"))
        #expect(afterwards.results.first == .integer(42))
        return (failure, captured.output)
    }

    static func limit(of error: BehaveError?) -> LuaLimit? {
        if case .terminated(let lua) = error, case .limit(let limit) = lua.kind { return limit }
        return nil
    }
}
