import Behave
import BehaveDemos
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

    @Test(
        "Objective-C selector spellings resolve to Swift actions",
        arguments: [
            ("openUrlWithUrl:", "openUrl(url:)"), ("openUrl(url:)", "openUrl(url:)"), ("openUrl", "openUrl(url:)"),
        ])
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
