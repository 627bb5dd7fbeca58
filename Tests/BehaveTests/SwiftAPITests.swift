import Behave
import BehaveLua
import Testing

/// The Swift API as an adopter meets it: actions of any arity, sync unless the closure is async,
/// results and emitted events as plain Sendable values, a host shared across tasks and actors.
@Suite("Swift API: actions, results, emitted events, concurrency")
struct SwiftAPITests {
    static func host(clock: VirtualClock = VirtualClock(), captured: Captured = Captured()) throws -> BehaveHost {
        try BehaveHost(
            modules: [Cart()],
            output: OutputSink(write: { captured.output += $0 }, diagnostic: { captured.diagnostics += $0 + "\n" }),
            clock: clock)
    }

    @Test("the host's own reports carry the app's name when it gives one, \"behave\" when it does not")
    func reportsCarryTheCallersName() async throws {
        for name in [nil, "shop"] {
            let captured = Captured()
            let host = try Self.host(captured: captured)
            if let name { host.output.name = name }
            try await host.run(Behaviour(name: "h.lua", source: "after(0, function() error('boom') end)"))
            #expect(captured.diagnostics.hasPrefix("\(name ?? "behave"): h.lua:1: boom"), "\(captured.diagnostics)")
        }
    }

    @Test("each action is described as written: arity, types, result, and async only for an async closure")
    func forms() throws {
        let actions = Cart().actions
        let described = actions.map { action in
            (action.isAsync ? "async " : "") + action.signature + " -> \(action.returns)"
                + " " + action.parameters.map { "\($0.type)" }.joined(separator: ",")
        }
        #expect(
            described == [
                "clear() -> nil ", "count() -> integer ", "remove(item:) -> nil string",
                "quantity(item:) -> integer string", "add(item:qty:) -> nil string,integer",
                "price(item:qty:) -> number string,integer", "line(item:qty:note:) -> string string,integer,string",
                "place(item:qty:note:express:) -> string string,integer,string,boolean",
                "async checkout() -> string ", "async ship(address:) -> nil string",
                "async quote(item:qty:note:) -> string string,integer,string",
                "async deliver(item:qty:note:express:) -> nil string,integer,string,boolean",
            ])
    }

    @Test("every form runs from Lua with its arguments in order")
    func calls() async throws {
        let captured = Captured()
        let host = try Self.host(captured: captured)
        let report = try await host.run(
            Behaviour(
                name: "cart.lua",
                source: """
                    Cart.add("tea", 2) Cart.add("tea", 1) Cart.add("cake", 1) Cart.remove("cake")
                    print(Cart.count(), Cart.quantity("tea"), Cart.price("tea", 2))
                    print(Cart.line("tea", 3, "green"), Cart.place("tea", 3, "green", true))
                    print(Cart.checkout(), Cart.ship("home"), Cart.quote("tea", 1, "x"), now())
                    Cart.deliver("tea", 1, "x", false) print(now()) Cart.clear()
                    return Cart.count()
                    """))
        #expect(
            captured.output
                == "3\t3\t3.0\n3 × tea (green)\ttea 3 green true\npaid\tnil\ttea 1 x\t2.0\n4.0\n")
        #expect(report.results.values == [.integer(0)])
    }

    @Test("a synchronous add before on() does not suspend: an event at t=0 reaches the handler")
    func syncBeforeHandler() async throws {
        let captured = Captured()
        let host = try Self.host(captured: captured)
        let report = try await host.run(
            Behaviour(
                name: "drop.lua",
                source: """
                    Cart.add("tea", 1)
                    on("price_drop", function(p) print("drop", p.item) end)
                    """),
            timeline: [TimedEvent("price_drop", data: ["item": "tea"])])
        #expect(captured.output == "drop\ttea\n")
        #expect(report.unhandledEvents == 0)
    }

    @Test("an event nothing wants is counted, traced and named in the report")
    func unhandled() async throws {
        let seen = Captured()
        let host = try Self.host()
        host.observer = { event in
            if case .unhandled(let name) = event.kind { seen.output += name + "\n" }
        }
        let report = try await host.run(
            Behaviour(name: "late.lua", source: "Cart.checkout() on('price_drop', function() end)"),
            timeline: [TimedEvent("price_drop"), TimedEvent("other", after: 2), TimedEvent("price_drop", after: 3)])
        #expect(report.unhandledEvents == 2)
        #expect(report.firstUnhandledEvent == "'price_drop' at 0s")
        #expect(seen.output == "price_drop\nother\n")
    }

    @Test("an event named behave.… is the host's notice: nothing wanting it is not counted")
    func notices() async throws {
        let host = try Self.host()
        let report = try await host.run(
            Behaviour(name: "quiet.lua", source: "on('price_drop', function() end)"),
            timeline: [
                TimedEvent("behave.connection", data: ["state": "open"]), TimedEvent("behave"), TimedEvent("behave."),
            ])
        // "behave" and "behave." name no notice: a notice has a name after the dot.
        #expect(report.unhandledEvents == 2)
        #expect(report.firstUnhandledEvent == "'behave' at 0s")
    }

    struct Order: Decodable, Equatable {
        var item: String
        var quantity: Int
        var notes: [String]
    }

    @Test("results are plain values that decode into Codable types, bounded however a script builds them")
    func results() async throws {
        let host = try Self.host()
        let report = try await host.run(
            Behaviour(
                name: "order.lua",
                source: "return {item = 'tea', quantity = 2, notes = {'green', 'hot'}}, print, 7"))
        #expect(try report.results.decode(Order.self) == Order(item: "tea", quantity: 2, notes: ["green", "hot"]))
        #expect(report.results[1] == .string("function"))
        #expect(try report.results.decode(Int.self, at: 2) == 7)
        #expect(try report.results.decode(Int?.self, at: 3) == nil)
        #expect(throws: (any Error).self) { try report.results.decode(Order.self, at: 2) }
        let cyclic = try await host.run(
            Behaviour(
                name: "cycle.lua",
                source: "local t = {} t.self = t local d = {} for i = 1, 40 do d = {d, d} end return t, d"))
        var depth = 0
        var value = cyclic.results[0]
        while case .object(let members) = value, let inner = members["self"] {
            depth += 1
            value = inner
        }
        #expect(depth == RunResults.maximumDepth)
        #expect(value == .string("…"))
        #expect(cyclic.results.isTruncated)
        #expect(throws: TruncatedCopy.self) { try cyclic.results.decode(Int.self, at: 1) }
    }

    @Test("one string reached many times, or a wide table inside itself, costs a bounded copy")
    func boundedCopies() async throws {
        let host = try Self.host()
        let strings = try await host.run(
            Behaviour(
                name: "strings.lua",
                source: "local s = ('x'):rep(1 << 20) local t = {} for i = 1, 200 do t[i] = s end return t"))
        let copied: [PlainValue]
        if case .array(let values) = strings.results[0] { copied = values } else { copied = [] }
        let whole = copied.filter { $0 == .string(String(repeating: "x", count: 1 << 20)) }.count
        #expect(whole == RunResults.maximumBytes / (1 << 20))
        #expect(strings.results.isTruncated)
        let wide = try await host.run(
            Behaviour(
                name: "wide.lua",
                source: "local t = {} for i = 1, 50000 do t[i] = t end return t"))
        #expect(wide.results.isTruncated)
    }

    @Test(
        "the stream of emitted events ends with a run that does not compile, and the next run's is its own",
        .timeLimit(.minutes(1)))
    func emittedAfterFailure() async throws {
        let host = try Self.host()
        let first = host.emittedEvents()
        await #expect(throws: BehaveError.self) {
            try await host.run(Behaviour(name: "bad.lua", source: "emit('x' ("))
        }
        // Read only after the next run: a stream left open by the failed run would take its event.
        let second = host.emittedEvents()
        try await host.run(Behaviour(name: "next.lua", source: "emit('from_next_run')"))
        var seen: [String] = []
        for await event in first { seen.append(event.name) }
        var next: [String] = []
        for await event in second { next.append(event.name) }
        #expect(seen.isEmpty)
        #expect(next == ["from_next_run"])
    }

    @Test("what a behaviour emits reaches the app as typed events, and the stream ends with the run")
    func emitted() async throws {
        let host = try Self.host()
        let events = host.emittedEvents()
        async let report = host.run(
            Behaviour(
                name: "emit.lua",
                source: """
                    emit("added", {item = "tea", quantity = 2, notes = {}})
                    wait(1)
                    emit("paid", Cart.checkout())
                    """))
        var seen: [EmittedEvent] = []
        for await event in events { seen.append(event) }
        _ = try await report
        #expect(seen.map(\.name) == ["added", "paid"])
        #expect(seen.map(\.time) == [0, 2])
        #expect(try seen[0].decode(Order.self) == Order(item: "tea", quantity: 2, notes: []))
        #expect(seen[1].payload == .string("paid"))
    }

    actor Owner {
        let host: BehaveHost
        init() throws { host = try SwiftAPITests.host() }
        func total() async throws -> Int {
            let report = try await host.run(Behaviour(name: "a.lua", source: "Cart.add('x', 2) return Cart.count()"))
            return try report.results.decode(Int.self)
        }
    }

    @Test("a host is owned by an actor, run from the main actor, in a Task and with async let")
    func concurrency() async throws {
        #expect(try await Owner().total() == 2)
        let onMain = try await Self.runOnMainActor()
        #expect(onMain == 3)
        let captured = Captured()
        let host = try Self.host(captured: captured)
        let task = Task { try await host.run(Behaviour(name: "t.lua", source: "print('t') return 4")) }
        async let first = host.run(Behaviour(name: "f.lua", source: "print('f1') wait(1) print('f2') return 5"))
        async let second = host.run(Behaviour(name: "s.lua", source: "print('s') return 6"))
        let all = try await [task.value, first, second].map { try $0.results.decode(Int.self) }
        #expect(all == [4, 5, 6])
        // Each run waits for the one under way: no other run's line comes between f1 and f2.
        #expect(captured.output.contains("f1\nf2\n"), "runs on one host take turns: \(captured.output)")
    }

    @MainActor static func runOnMainActor() async throws -> Int {
        let host = try Self.host()
        let report = try await host.run(Behaviour(name: "m.lua", source: "return 3"))
        return try report.results.decode(Int.self)
    }
}
