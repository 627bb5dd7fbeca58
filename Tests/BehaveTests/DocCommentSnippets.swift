import Behave
import BehaveCoverage
import BehaveDemos
import BehaveStore
import BehaveTesting
import Foundation
import Testing

/// The examples of Behave's doc comments, verbatim between `// snippet:` and `// snippet end`
/// (DocCommentTests compares them), each in a function that declares the names it uses.
@Suite("Doc comment examples: Behave")
struct BehaveDocCommentSnippets {
    /// What the examples' actions call: a cart, a payment service and an opener of URLs.
    final class Store: Sendable {
        let total = 12.5
        func add(_ item: String, quantity: Int) {}
    }
    struct Payments: Sendable {
        func charge(_ amount: Double) async throws -> String { "paid \(amount)" }
    }
    struct Opener {
        func open(_ url: String) throws {}
    }

    @Test("Action: each form is sync or async as its closure is written")
    func action() throws {
        let opener = Opener()
        let cart = Store()
        let payments = Payments()
        // snippet: Action
        let actions = [
            Action("sayHello", doc: "Prints a greeting") { context in
                try context.print("Hello")
            },
            Action("openUrl", doc: "Opens a web page", "url") { (_, url: String) in
                try opener.open(url)
            },
            Action("add", doc: "Adds an item", "item", "qty") { (_, item: String, qty: Int) in
                cart.add(item, quantity: qty)
            },
            Action("checkout", doc: "Pays for the cart") { (_) async throws -> String in
                try await payments.charge(cart.total)
            },
        ]
        // snippet end
        #expect(actions.map(\.signature) == ["sayHello()", "openUrl(url:)", "add(item:qty:)", "checkout()"])
        #expect(actions.map(\.isAsync) == [false, false, false, true])
        #expect(actions.map(\.returns) == [.void, .void, .void, .string])
    }

    @Test("BehaveModule: the counter's action doubles its argument")
    func behaveModule() async throws {
        // snippet: BehaveModule
        struct Counter: BehaveModule {
            let name = "Counter"
            var doc: String { "Counts things" }
            var actions: [Action] {
                [Action("twice", "n") { (_, n: Int) in n * 2 }]
            }
        }
        // snippet end
        let host = try BehaveHost(modules: [Counter()], clock: VirtualClock())
        let report = try await host.run(Behaviour(name: "t.lua", source: "return Counter.twice(21)"))
        #expect(try report.results.decode(Int.self) == 42)
    }

    @Test("ModuleRegistry: a seed spelling resolves to the module")
    func moduleRegistry() throws {
        // snippet: ModuleRegistry
        var registry = ModuleRegistry()
        registry.register(MyFirstModule())
        let module = try registry.module(named: "GenericProtocol.MyFirstModule")  // MyFirstModule
        // snippet end
        #expect(module?.name == "MyFirstModule")
    }

    @Test("TestFile: compiled; DocsTests and TestCommandTests run test files")
    func testFile() async throws {
        _ = { () async throws in
            // snippet: TestFile
            let host = try BehaveHost(modules: [Keynote()], clock: VirtualClock())
            let results = try await TestFile(Behaviour.read(path: "keynote_test.lua")).run(on: host)
            // snippet end
            _ = results
        }
    }

    @Test("BehaviourStore: a host with a store in a directory of the app's")
    func behaviourStore() throws {
        let appSupport = FileManager.default.temporaryDirectory.path + "/behave-\(UUID().uuidString)"
        // snippet: BehaviourStore
        let store = BehaviourStore(directory: appSupport + "/behave-store")
        let host = try BehaveHost(modules: [Keynote()], features: [StoreFeature(store)])
        // snippet end
        #expect(host.feature(StoreFeature.self)?.store == store)
    }

    @Test("BehaveSession, SessionCompletion: an input's value, and the names after a module")
    func session() async throws {
        // snippet: BehaveSession
        let session = try BehaveSession(host: BehaveHost(modules: [MyFirstModule()]))
        if case .values(let text?) = await session.evaluate("1 + 1") { print(text) }  // 2
        // snippet end
        guard case .values("2") = await session.evaluate("1 + 1") else {
            Issue.record("1 + 1 is not 2 in a session")
            return
        }
        // snippet: SessionCompletion
        let names = session.completions(for: "MyFirstModule.say").candidates  // ["sayGoodBye", "sayHello"]
        // snippet end
        #expect(names == ["sayGoodBye", "sayHello"])
    }

    @Test("HelpTopics: an action's signature, then its doc")
    func helpTopics() {
        let registry = ModuleRegistry([MyThirdModule()])
        // snippet: HelpTopics
        let help = HelpTopics.text(for: "MyThirdModule.openUrl", registry: registry)
        // "MyThirdModule.openUrl(url: string)\n  Opens an absolute http(s) URL…"
        // snippet end
        #expect(help?.hasPrefix("MyThirdModule.openUrl(url: string)\n  Opens an absolute http(s) URL") == true)
    }

    @Test("Behaviour.isRemote: a URL, not a path")
    func isRemote() {
        // snippet: Behaviour.isRemote
        let remote = Behaviour.isRemote("https://example.com/b.lua")  // true
        let local = Behaviour.isRemote("scripts/b.lua")  // false
        // snippet end
        #expect(remote && !local)
    }

    @Test("BehaveHost: a host with the seed's modules runs a behaviour")
    func behaveHost() async throws {
        // snippet: BehaveHost
        let host = try BehaveHost(modules: [MyFirstModule(), MySecondModule()])
        try await host.run(Behaviour(name: "hello.lua", source: "MyFirstModule.sayHello()"))
        // snippet end
        #expect(host.registry.modules.map(\.name) == ["MyFirstModule", "MySecondModule"])
    }

    @Test("BehaveHost.emittedEvents: what the run emits, read as it runs")
    func emittedEvents() async throws {
        let host = try BehaveHost(modules: [], clock: VirtualClock())
        let behaviour = Behaviour(name: "e.lua", source: "emit('paid', {total = 3}) emit('done')")
        // snippet: BehaveHost.emittedEvents
        let emitted = host.emittedEvents()
        async let report = host.run(behaviour)
        for await event in emitted { print(event.name, event.payload) }
        // snippet end
        #expect(try await report.finish == .completed(waiting: 0))
    }

    @Test("EventChannel: events sent while the behaviour runs reach its handlers")
    func eventChannel() async throws {
        let host = try BehaveHost(modules: [], clock: VirtualClock())
        let behaviour = Behaviour(
            name: "v.lua", source: "on('VOTE_TRAIN_START', function(d) print(d.destinations[2]) end)")
        // snippet: EventChannel
        let events = EventChannel()
        async let report = host.run(behaviour, events: events)
        events.send("KEYNOTE_START")
        events.send("VOTE_TRAIN_START", ["destinations": ["Bordeaux", "Lyon"]])
        events.finish()  // nothing more will come: the behaviour may finish
        // snippet end
        let finished = try await report
        #expect(finished.finish == .completed(waiting: 0))
        #expect(finished.unhandledEvents == 1)
    }

    @Test("RunResults: what the chunk returns decodes into a Decodable type")
    func runResults() async throws {
        let host = try BehaveHost(modules: [], clock: VirtualClock())
        // snippet: RunResults
        struct Order: Decodable {
            var item: String
            var quantity: Int
        }
        let report = try await host.run(Behaviour(name: "order.lua", source: "return {item = 'tea', quantity = 2}"))
        let order = try report.results.decode(Order.self)
        // snippet end
        #expect(order.item == "tea" && order.quantity == 2)
    }

    @Test("PlainValue: a payload written as literals")
    func plainValue() {
        let events = EventChannel()
        // snippet: PlainValue
        let payload: PlainValue = ["destination": "Bordeaux", "votes": 412, "open": true]
        events.send("VOTE_TRAIN_START", payload)
        // snippet end
        #expect(payload == .object(["destination": .string("Bordeaux"), "votes": .integer(412), "open": .bool(true)]))
    }

    @Test("VirtualClock: an hour's wait takes no time")
    func virtualClock() async throws {
        // snippet: VirtualClock
        let clock = VirtualClock()
        let host = try BehaveHost(modules: [], clock: clock)
        try await host.run(Behaviour(name: "t.lua", source: "wait(3600) print('an hour later')"))
        let now = clock.now  // 3600, reached at once
        // snippet end
        #expect(now == 3600)
    }

    @Test("Limits and SandboxPolicy: set as the examples set them")
    func limitsAndPolicy() {
        // snippet: Limits
        var limits = Limits()  // the defaults below
        limits.memory = 16 << 20  // 16 MiB
        limits.time = 2  // seconds per run slice
        // snippet end
        #expect(limits.memory == 16 << 20 && limits.time == 2)
        // snippet: SandboxPolicy
        var policy = SandboxPolicy()  // untrusted, default limits
        policy.requireDirectories = ["/app/behaviours"]
        let local = SandboxPolicy.trusted  // full library, for local tools
        // snippet end
        #expect(!policy.isTrusted && local.isTrusted)
    }

    @Test("BehaveHost.replay: a recorded run again, its divergence if any")
    func replay() async throws {
        let host = try BehaveHost(modules: [MyFirstModule()], output: OutputSink(write: { _ in }, diagnostic: { _ in }))
        try await host.run(Behaviour(name: "hello.lua", source: "MyFirstModule.sayHello()"))
        let recording = try #require(host.lastRecording)
        // snippet: BehaveHost.replay
        let report = try await BehaveHost.replay(recording)
        if let divergence = report.divergence { print(divergence) }
        // snippet end
        #expect(report.matches)
    }

    @Test("BehaveHost.completing: the calls' arguments, given by the recorded copy")
    func completing() async throws {
        let host = try BehaveHost(modules: [MyFirstModule()], output: OutputSink(write: { _ in }, diagnostic: { _ in }))
        try await host.run(Behaviour(name: "hello.lua", source: "MyFirstModule.sayHello()"))
        let recorded = try #require(host.lastRecording)
        #expect(recorded.entries.contains { $0.lacksArguments })
        // snippet: BehaveHost.completing
        let recording = await BehaveHost.completing(recorded)
        // snippet end
        #expect(recording.entries.contains(.call(action: "MyFirstModule.sayHello", arguments: [], async: nil)))
    }

    @Test("CoverageRecorder: a host counts the lines and calls it runs")
    func coverageRecorder() async throws {
        // snippet: CoverageRecorder
        let coverage = CoverageRecorder()
        let host = try BehaveHost(modules: [], features: [coverage])
        let source = "local function double(n) return 2 * n end\nreturn double(21)"
        try await host.run(Behaviour(name: "double.lua", source: source))
        let lcov = coverage.report().lcov()  // "SF:double.lua", "DA:1,2", "DA:2,1", "FNDA:1,double"…
        // snippet end
        let lines = lcov.split(separator: "\n")
        for expected in ["SF:double.lua", "DA:1,2", "DA:2,1", "FNDA:1,double", "FNDA:1,main chunk", "LH:2"] {
            #expect(lines.contains(Substring(expected)), "\(lcov)")
        }
        #expect(coverage.report().percent == 100)
    }

    @Test("HostFeature: a feature hears each step of the runs it watches")
    func hostFeature() async throws {
        // snippet: HostFeature
        final class StepCounter: HostFeature, @unchecked Sendable {
            var steps = 0
            func runBegins(_ run: RunStart) throws(BehaveError) -> Bool { true }
            func stepTaken(at time: Double) { steps += 1 }
        }
        let counter = StepCounter()
        let host = try BehaveHost(modules: [], clock: VirtualClock(), features: [counter])
        try await host.run(Behaviour(name: "two.lua", source: "wait(1) wait(1)"))
        // counter.steps == 3: the main chunk's first step, then one after each wait
        // snippet end
        #expect(counter.steps == 3)
        #expect(host.feature(StepCounter.self) === counter)
    }

    @Test("StoreFeature: a host with one gives behaviours the store module")
    func storeFeature() async throws {
        // snippet: StoreFeature
        let host = try BehaveHost(modules: [], features: [StoreFeature(.inMemory())])
        // snippet end
        let report = try await host.run(Behaviour(name: "s.lua", source: "store.set('a', 1) return store.get('a')"))
        #expect(report.results.values == [1])
    }
}
