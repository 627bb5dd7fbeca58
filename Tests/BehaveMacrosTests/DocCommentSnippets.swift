#if Macros
    import BehaveMacros
    import Testing

    // The example of BehaveMacros' doc comment, verbatim between `// snippet:` and `// snippet end`
    // (DocCommentTests compares them); an extension macro needs a type outside any function.
    // snippet: BehaveModule macro
    /// A shopping basket.
    @BehaveModule
    final class Basket {
        private var total = 0.0

        /// Adds an item at its price.
        func add(item: String, price: Double) { total += price }
        /// What the basket costs.
        func cost() -> Double { total }
    }
    // snippet end

    @Suite("Doc comment examples: BehaveMacros")
    struct MacroDocCommentSnippets {
        @Test("@BehaveModule: the basket's methods are its actions, its doc comment the module's doc")
        func basket() async throws {
            let basket = Basket()
            #expect(basket.doc == "A shopping basket.")
            #expect(basket.actions.map(\.signature) == ["add(item:price:)", "cost()"])
            let host = try BehaveHost(modules: [basket], clock: VirtualClock())
            let report = try await host.run(
                Behaviour(name: "b.lua", source: "Basket.add('tea', 2.5) return Basket.cost()"))
            #expect(try report.results.decode(Double.self) == 2.5)
        }
    }
#endif
