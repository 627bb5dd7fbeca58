import Behave
import BehaveDemos
import Testing

/// `BehaveHost.observer`: the library's side of `behave run --trace`.
@Suite("The host's observer")
struct ObserverTests {
    final class Seen: @unchecked Sendable {
        var events: [TraceEvent] = []
    }

    @Test("sees actions with their values, events and timers, on the host's clock; nothing once unset")
    func observe() async throws {
        let seen = Seen()
        let host = try BehaveHost(
            modules: [MyFirstModule(), Keynote(center: RecordingVoteCenter(), latency: 2)],
            output: OutputSink(write: { _ in }, diagnostic: { _ in }), clock: VirtualClock())
        host.observer = { seen.events.append($0) }
        let script = Behaviour(
            name: "observed.lua",
            source: """
                once("GO", function() MyFirstModule.sayHello() end)
                after(1, function() emit("GO", "now") end)
                return Keynote.vote("Bordeaux"), Keynote.screen("KEYNOTE_START")
                """)
        try await host.run(script)
        let kinds = seen.events.map(\.kind)
        #expect(seen.events.map(\.time) == [1, 1, 1, 2, 2])
        #expect(
            kinds.map { kind -> String in
                switch kind {
                case .action(let module, let action, let arguments, let results, let error, _):
                    "\(module).\(action)(\(arguments.joined(separator: ","))) -> \(results.joined(separator: ","))\(error.map { " ! " + $0 } ?? "")"
                case .event(let name, let payload): "event \(name) \(payload)"
                case .timer(let timer): "timer \(timer)"
                case .unhandled(let name): "unhandled \(name)"
                }
            } == [
                "timer after 1s", #"event GO "now""#, "MyFirstModule.sayHello() -> ",
                #"Keynote.vote("Bordeaux") -> "Vote #1 for Bordeaux recorded""#,
                #"Keynote.screen("KEYNOTE_START") -> "KeynoteWelcome""#,
            ])
        host.observer = nil
        seen.events = []
        try await host.run(script)
        #expect(seen.events.isEmpty)
    }
}
