import Behave
import Browser
import Greeter
import Testing

@Suite("Module registry")
struct RegistryTests {
    let registry = ModuleRegistry([MyFirstModule(), MySecondModule(), MyThirdModule()])

    @Test("qualified names resolve to their last component")
    func qualified() async throws {
        #expect(try registry.module(named: "GenericProtocol.MyFirstModule")?.name == "MyFirstModule")
        #expect(try registry.module(named: "MyFirstModule")?.name == "MyFirstModule")
        #expect(try registry.module(named: "GenericProtocol.Nope") == nil)
    }

    @Test("Objective-C selector spellings resolve to Swift actions",
          arguments: [("openUrlWithUrl:", "openUrl(url:)"), ("openUrl(url:)", "openUrl(url:)"), ("openUrl", "openUrl(url:)")])
    func selectors(spelling: String, signature: String) async throws {
        let module = try #require(try registry.module(named: "MyThirdModule"))
        #expect(try registry.action(spelling, in: module)?.signature == signature)
    }

    @Test func selectorParsing() {
        #expect(SelectorName("fooWithA:b:") == SelectorName("foo(a:b:)"))
        #expect(SelectorName("sayHello").base == "sayHello")
        #expect(SelectorName("open:").labels! == [nil])
        #expect(SelectorName("openUrlWithUrl:").labels! == ["url"])
    }

    struct Twin: BehaveModule {
        var name: String
        var aliases: [String]
        var actions: [Action] { [] }
    }

    @Test("ambiguous names are an error naming the candidates")
    func ambiguous() {
        let registry = ModuleRegistry([Twin(name: "A", aliases: ["Shared"]), Twin(name: "B", aliases: ["Shared"])])
        #expect(throws: ResolutionError.ambiguous("Shared", candidates: ["A", "B"])) {
            _ = try registry.module(named: "Shared")
        }
    }

    @Test("has() answers what responds(to:) did")
    func has() {
        #expect(registry.has("GenericProtocol.MyFirstModule", "sayHello"))
        #expect(!registry.has("GenericProtocol.MyFirstModule", "showPopup"))
        #expect(registry.has("MyThirdModule", "openUrlWithUrl:"))
    }
}

/// A test double from a trait, not a subclass: records what it was asked to open.
final class RecordingOpener: URLOpening, @unchecked Sendable {
    var opened: [String] = []
    func open(_ url: String, context: ActionContext) throws { opened.append(url) }
}

@Suite("Modules through the host")
struct ModuleHostTests {
    @Test("the opener is injectable")
    func injectedOpener() async throws {
        let opener = RecordingOpener()
        var lines: [String] = []
        let host = try BehaveHost(modules: [MyThirdModule(opener: opener)],
                                  output: OutputSink(write: { lines.append($0) }, diagnostic: { _ in }))
        try await host.run(Behaviour(name: "o.lua", source: "MyThirdModule.openUrl('https://example.com/a')"))
        #expect(opener.opened == ["https://example.com/a"])
        #expect(lines.isEmpty)
    }

    @Test("each run starts from a fresh state, the first one included")
    func freshStatePerRun() async throws {
        let host = try BehaveHost(modules: [MyFirstModule()], output: OutputSink(write: { _ in }, diagnostic: { _ in }))
        _ = host.check(Behaviour(name: "c.lua", source: "leak = 1"))  // checking runs nothing
        let first = try await host.run(Behaviour(name: "a.lua", source: "local seen = leak leak = 'a' string.upper = nil return seen"))
        #expect(first.results.first.map { if case .nil = $0 { true } else { false } } == true)
        let second = try await host.run(Behaviour(name: "b.lua", source: "return leak, string.upper('x')"))
        #expect(second.results.first.map { if case .nil = $0 { true } else { false } } == true)
        #expect(second.results.last?.string == "X")
    }

    @Test("module tables are read-only to scripts")
    func readOnly() async throws {
        let host = try BehaveHost(modules: [MyFirstModule()], output: OutputSink(write: { _ in }, diagnostic: { _ in }))
        await #expect(throws: BehaveError.self) {
            _ = try await host.run(Behaviour(name: "w.lua", source: "MyFirstModule.sayHello = nil"))
        }
        let report = try await host.run(Behaviour(name: "r.lua", source: "return type(MyFirstModule.sayHello)"))
        #expect(report.results.first?.string == "function")
    }
}
