import Behave
import BehaveStore
import FuzzSupport

/// Any text, loaded and run in the sandbox with small limits and a store in memory (what a
/// behaviour may hand `store.set` is anything): the host returns every time
/// (a result, a script error, a limit), and then runs a known script as before. A crash or a
/// hang (libFuzzer's -timeout) is a finding.
enum SandboxTarget: FuzzTarget {
    static let name = "sandbox"

    /// One host for every input, as an app keeps one: each run must leave it usable.
    static let host: BehaveHost = {
        var policy = SandboxPolicy()
        policy.limits.memory = 8 << 20
        policy.limits.time = 0.25
        policy.limits.duration = 30  // virtual seconds: every loop ends
        policy.limits.output = 64 << 10
        policy.limits.depth = 400
        // What a run prints is dropped: only that the host survives it matters.
        let output = OutputSink(limit: policy.limits.output, write: { _ in }, diagnostic: { _ in })
        guard
            let host = try? BehaveHost(
                modules: PlanTarget.modules, policy: policy, output: output, clock: VirtualClock(),
                features: [StoreFeature(.inMemory(quota: 16 << 10))])
        else { fatalError("sandbox: no host") }
        return host
    }()

    static func check(_ input: [UInt8]) {
        let host = self.host
        _ = blocking { try? await host.run(Behaviour(name: "fuzz.lua", bytes: input, format: .lua)) }
        let probe = blocking { () async -> PlainValue? in
            try? await host.run(
                Behaviour(name: "probe.lua", source: "local t = {} for i = 1, 10 do t[i] = i end return #t")
            )
            .results.first
        }
        if probe != .integer(10) {
            finding("the host no longer runs a known script: \(probe.map { "\($0)" } ?? "an error")")
        }
    }
}
