import Behave
import BehaveDemos
import Testing

@Suite("Modules through the host")
struct ModuleHostTests {
    @Test("the opener is injectable")
    func injectedOpener() async throws {
        let opener = RecordingOpener()
        var lines: [String] = []
        let host = try BehaveHost(
            modules: [MyThirdModule(opener: opener)],
            output: OutputSink(write: { lines.append($0) }, diagnostic: { _ in }))
        try await host.run(Behaviour(name: "o.lua", source: "MyThirdModule.openUrl('https://example.com/a')"))
        #expect(opener.opened == ["https://example.com/a"])
        #expect(lines.isEmpty)
    }

    @Test("each run starts from a fresh state, the first one included")
    func freshStatePerRun() async throws {
        let host = try BehaveHost(modules: [MyFirstModule()], output: OutputSink(write: { _ in }, diagnostic: { _ in }))
        _ = host.check(Behaviour(name: "c.lua", source: "leak = 1"))  // checking runs nothing
        let first = try await host.run(
            Behaviour(name: "a.lua", source: "local seen = leak leak = 'a' string.upper = nil return seen"))
        #expect(first.results.first == .null)
        let second = try await host.run(Behaviour(name: "b.lua", source: "return leak, string.upper('x')"))
        #expect(second.results.first == .null)
        #expect(second.results.last == .string("X"))
    }

    @Test("module tables are read-only to scripts")
    func readOnly() async throws {
        let host = try BehaveHost(modules: [MyFirstModule()], output: OutputSink(write: { _ in }, diagnostic: { _ in }))
        await #expect(throws: BehaveError.self) {
            _ = try await host.run(Behaviour(name: "w.lua", source: "MyFirstModule.sayHello = nil"))
        }
        let report = try await host.run(Behaviour(name: "r.lua", source: "return type(MyFirstModule.sayHello)"))
        #expect(report.results.first == .string("function"))
    }
}
