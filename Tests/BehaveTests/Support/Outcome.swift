import Behave
import BehaveDemos
import BehaveLua
import Testing

/// A behaviour run on a virtual clock, with what it printed and reported.
struct Outcome {
    var report: RunReport?
    var error: BehaveError?
    var output: String
    var diagnostics: String
    var clock: Double

    var lines: [String] { output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast() }
}

func runOnTestClock(
    _ source: String, limits: Limits = Limits(), trusted: Bool = false,
    events: EventChannel? = nil, timeline: [TimedEvent] = [],
    context: [String: PlainValue] = [:]
) async throws -> Outcome {
    let captured = Captured()
    let clock = VirtualClock()
    var policy = trusted ? SandboxPolicy.trusted : SandboxPolicy()
    policy.limits = limits
    let host = try BehaveHost(
        modules: [Slow()], policy: policy,
        output: OutputSink(
            limit: limits.output, write: { captured.output += $0 },
            diagnostic: { captured.diagnostics += $0 + "\n" }),
        clock: clock)
    host.context = context
    var outcome = Outcome(output: "", diagnostics: "", clock: 0)
    do {
        outcome.report = try await host.run(
            Behaviour(name: "test.lua", source: source), events: events, timeline: timeline)
    } catch {
        outcome.error = error
    }
    outcome.output = captured.output
    outcome.diagnostics = captured.diagnostics
    outcome.clock = clock.now
    // Whatever happened, the host runs a normal behaviour next.
    let next = try await host.run(Behaviour(name: "next.lua", source: "wait(1) return 6 * 7"))
    #expect(next.results.first == .integer(42))
    return outcome
}
