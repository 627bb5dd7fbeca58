import Behave
import Foundation
import Testing
import Ticketing

/// The module against the test double: what behaviours ask of the desk, and what they print.
@Suite("Ticketing, driven by behaviours")
struct TicketingTests {
    /// The example's behaviours folder.
    static let behaviours = #filePath.replacingOccurrences(
        of: "Tests/TicketingTests/TicketingTests.swift", with: "behaviours/")

    /// Runs `behaviour` with a module on `desk`, on a virtual clock; returns its output.
    static func run(_ behaviour: Behaviour, on desk: RecordingDesk) async throws -> (RunReport, String) {
        let output = Output()
        let host = try BehaveHost(
            modules: [Ticketing(desk: desk)],
            output: OutputSink(write: { output.append($0) }, diagnostic: { output.append($0 + "\n") }),
            clock: VirtualClock())
        let report = try await host.run(behaviour)
        return (report, output.text)
    }

    // snippet: adopt-test
    @Test("the JSON action list opens two tickets and assigns them")
    func actionList() async throws {
        let desk = RecordingDesk()
        let (report, output) = try await Self.run(try Behaviour.read(path: Self.behaviours + "triage.json"), on: desk)
        #expect(report.finish == .completed(waiting: 0))
        #expect(
            await desk.calls == [
                "open Refund not received", "open Checkout is down", "assign 1 payments", "assign 2 on-call",
            ])
        #expect(output == "ticket #1 → payments\nticket #2 → on-call\n")
    }
    // snippet end

    @Test("the Lua behaviour routes each report and pages on-call a minute later")
    func luaBehaviour() async throws {
        let desk = RecordingDesk()
        let (report, output) = try await Self.run(try Behaviour.read(path: Self.behaviours + "escalate.lua"), on: desk)
        #expect(report.finish == .completed(waiting: 0))
        #expect(
            await desk.calls == [
                "open Refund not received", "assign 1 payments", "open Checkout is down", "assign 2 on-call",
                "open Typo on the help page", "assign 3 support",
            ])
        #expect(
            output == """
                ticket #1 → payments
                ticket #2 → on-call
                ticket #3 → support
                ticket #2 still open: paging on-call

                """)
    }

    @Test("a desk's refusal reaches the behaviour as a Lua error it can catch")
    func refusal() async throws {
        let desk = RecordingDesk()
        let script = Behaviour(
            name: "refused.lua",
            source: """
                local ok, message = pcall(Ticketing.assign, 7, "support")
                print(ok, message)
                """)
        let (_, output) = try await Self.run(script, on: desk)
        #expect(output == "false\tno ticket #7\n")
        #expect(await desk.calls.isEmpty)
    }

    @Test("route keeps to the trait's rule and refuses a priority out of range")
    func route() async throws {
        let module = Ticketing(desk: RecordingDesk())
        #expect(module.team(title: "Refund please", priority: 1) == "payments")
        #expect(module.team(title: "Anything", priority: 3) == "on-call")
        let script = Behaviour(name: "range.lua", source: "print(pcall(Ticketing.route, 'x', 9))")
        let (_, output) = try await Self.run(script, on: RecordingDesk())
        #expect(output == "false\tpriority 9 is not between 1 and 3\n")
    }

    @Test("check --strict's rule: an action the module lacks is an error, with its place")
    func strictCheck() throws {
        let host = try BehaveHost(modules: [Ticketing(desk: RecordingDesk())])
        let list = Behaviour(
            name: "typo.json", source: #"[{"name": "Ticketing", "actions": [{"func": "close", "value": 1}]}]"#)
        let problems = host.check(list, strict: true)
        #expect(problems.map(\.severity) == [.error])
        #expect(problems.first?.description.contains("Ticketing has no action 'close'") == true)
    }
}

/// What the host printed, collected from whichever thread prints it.
final class Output: @unchecked Sendable {
    private let lock = NSLock()
    private var collected = ""

    func append(_ text: String) { lock.withLock { collected += text } }
    var text: String { lock.withLock { collected } }
}
