import Behave
import BehaveDemos
import Testing

/// The Behave library's getting-started article (Sources/Behave/Behave.docc/GettingStarted.md), as code.
@Suite("Behave: getting started")
struct GettingStartedTests {
    @Test("a host with a module runs a Lua behaviour on a virtual clock")
    func gettingStarted() async throws {
        let captured = Captured()
        // snippet: behave-getting-started
        let host = try BehaveHost(
            modules: [MyFirstModule()],
            output: OutputSink(write: { captured.output += $0 }, diagnostic: { captured.diagnostics += $0 }),  // (test)
            clock: VirtualClock()  // waits take no real time
        )
        let behaviour = Behaviour(
            name: "hello.lua",
            source: """
                MyFirstModule.sayHello()
                wait(3600)
                MyFirstModule.sayGoodBye()
                return now()
                """)
        let report = try await host.run(behaviour)
        // report.finish == .completed(waiting: 0), report.results[0] == .number(3600)
        // snippet end
        #expect(report.finish == .completed(waiting: 0))
        #expect(report.results.first == .number(3600))
        #expect(captured.output == "Hello My name is MyFirstModule\nGoodBye My name was MyFirstModule\n")
    }
}
