#if Macros
    import BehaveMacros
    import Testing

    @Suite("A module written with @BehaveModule, at work")
    struct MacroModuleTests {
        @Test("its actions are listed as written: labels, types, docs, and async only for checkout")
        func listed() {
            let cart = Cart(store: CartStore(price: 2.5))
            #expect(
                ModuleCatalog.text([cart]) == """
                    Cart — A shopping cart: what behaviours may do with it.
                      add(item: string, qty: integer)  -- Adds an item to the cart.
                      total(): number  -- What the cart costs.
                      async checkout(): string  -- Pays for the cart and returns the order's number.
                      greet(name: string)  -- Greets a customer in the behaviour's output.
                      openUrl(url: string)  -- Opens a web page: the seed's `openUrlWithUrl:`.

                    """)
            #expect(cart.action(named: "add")?.parameters.map(\.doc) == ["What to add", "How many"])
            #expect(cart.action(named: "empty") == nil)
        }

        @Test(
            "the seed's selector spelling reaches the method",
            arguments: ["openUrlWithUrl:", "openUrl(url:)", "openUrl"])
        func selector(spelling: String) throws {
            let cart = Cart(store: CartStore(price: 1))
            #expect(try ModuleRegistry([cart]).action(spelling, in: cart)?.signature == "openUrl(url:)")
        }

        @Test("a behaviour calls each kind of method: throwing, returning, async, with the context")
        func runs() async throws {
            let store = CartStore(price: 2.5)
            var lines: [String] = []
            let host = try BehaveHost(
                modules: [Cart(store: store)], output: OutputSink(write: { lines.append($0) }, diagnostic: { _ in }))
            try await host.run(
                Behaviour(
                    name: "cart.lua",
                    source: """
                        Cart.add("apple", 2)
                        Cart.greet("Ada")
                        Cart.openUrl("https://example.com")
                        local refused = not pcall(Cart.add, "pear", 0)
                        print(Cart.total(), Cart.checkout(), refused)
                        """))
            #expect(lines == ["Hello, Ada\n", "5.0\torder-1\ttrue\n"])
            #expect(store.opened == ["https://example.com"])
        }
    }
#endif
