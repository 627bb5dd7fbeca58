import Behave
import Shop
import Testing

/// The shop's behaviours run as the app runs them: from an actor and from the main actor, with
/// results decoded into the app's types and emitted events read as they come.
@Suite("Shop")
struct ShopTests {
    static let checkout = Behaviour(
        name: "checkout.lua",
        source: """
            Basket.add("tea", 2)
            emit("basket", {items = Basket.count()})
            local paid = Payments.checkout("4242424242424242")
            emit("paid", paid)
            return {items = Basket.count(), total = Payments.total(), card = paid.card}
            """)

    static func host() throws -> BehaveHost {
        let store = BasketStore(price: 2.5)
        return try BehaveHost(
            modules: [Basket(store: store), Payments(store: store)],
            output: OutputSink(write: { _ in }, diagnostic: { _ in }), clock: VirtualClock())
    }

    // snippet: embed-actor
    /// An app's service that owns its host.
    actor Checkout {
        private let host: BehaveHost
        init() throws { host = try ShopTests.host() }

        func run() async throws -> Order {
            try await host.run(ShopTests.checkout).results.decode(Order.self)
        }
    }
    // snippet end

    @Test("an actor runs the checkout and decodes the order")
    func fromAnActor() async throws {
        let order = try await Checkout().run()
        #expect(order == Order(items: 2, total: 5, card: "4242"))
    }

    @Test("the main actor runs it with async let and reads what it emits with for await")
    @MainActor func fromTheMainActor() async throws {
        let host = try Self.host()
        let emitted = host.emittedEvents()
        async let report = host.run(Self.checkout)
        var names: [String] = []
        for await event in emitted { names.append(event.name) }
        #expect(names == ["basket", "paid"])
        #expect(try await report.results.decode(Order.self).card == "4242")
    }

    @Test("every action is listed as written: sync unless async, each arity")
    func actionsAsWritten() {
        let store = BasketStore(price: 1)
        let listed = (Basket(store: store).actions + Payments(store: store).actions).map {
            ($0.isAsync ? "async " : "") + $0.signature
        }
        #expect(
            listed == [
                "clear()", "count()", "remove(item:)", "add(item:qty:)", "label(item:qty:note:)",
                "async reserve(item:qty:shop:express:)", "async restock()",
                "total()", "discount(code:)", "async checkout(card:)",
            ])
    }

    @Test("an action's Swift error is the behaviour's error, at its line")
    func refusals() async throws {
        let host = try Self.host()
        await #expect(throws: BehaveError.self) {
            try await host.run(Behaviour(name: "bad.lua", source: "Basket.add('tea', 0)"))
        }
    }
}
