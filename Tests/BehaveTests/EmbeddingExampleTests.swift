import Behave
import BehaveDemos
import BehaveLua
import Testing

@Suite("The embedding example (README.md, docs/behaviours.md)")
struct EmbeddingExampleTests {
    @Test("an app runs the keynote in a Task and delivers a push as an event")
    func embedding() async throws {
        let captured = Captured()
        let behaviour = try Behaviour.read(
            path: #filePath.replacingOccurrences(
                of: "Tests/BehaveTests/EmbeddingExampleTests.swift",
                with: "scripts/examples/keynote.lua"))
        let myServer = RecordingVoteCenter()
        // As in the docs, with the output captured and a virtual clock:
        let host = try BehaveHost(
            modules: [Keynote(center: myServer)],
            output: OutputSink(write: { captured.output += $0 }, diagnostic: { captured.diagnostics += $0 }),
            clock: VirtualClock())
        host.context = ["platform": "ios", "version": "4.2"]
        let events = EventChannel()
        let run = Task { try await host.run(behaviour, events: events).finish }
        events.send("VOTE_TRAIN_START", ["destinations": ["Bordeaux", "Lyon"]])
        events.finish()
        #expect(try await run.value == .completed(waiting: 0))
        #expect(
            captured.output == """
                screen TrainVote: Which train takes you to Xebicon: Bordeaux or Lyon?
                Vote #1 for Bordeaux recorded

                """)
        #expect(await myServer.votes == [.bordeaux])
    }

    @Test("the docs' code as written (default output, the system clock): the push becomes a vote")
    func documentedCode() async throws {
        let behaviour = try Behaviour.read(
            path: #filePath.replacingOccurrences(
                of: "Tests/BehaveTests/EmbeddingExampleTests.swift",
                with: "scripts/examples/keynote.lua"))
        let myServer = RecordingVoteCenter()
        // snippet: embedding
        let host = try BehaveHost(modules: [Keynote(center: myServer)])
        host.context = ["platform": "ios", "version": "4.2"]
        let events = EventChannel()
        let run = Task { try await host.run(behaviour, events: events).finish }
        events.send("VOTE_TRAIN_START", ["destinations": ["Bordeaux", "Lyon"]])
        events.finish()  // nothing more will come: the behaviour may end
        let finish = try await run.value  // .completed(waiting: 0), or .stopped(reason)
        // snippet end
        #expect(finish == .completed(waiting: 0))
        #expect(await myServer.votes == [.bordeaux])
    }
}
