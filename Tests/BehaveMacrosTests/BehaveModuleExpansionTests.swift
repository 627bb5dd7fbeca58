#if Macros
    import SwiftSyntaxMacrosGenericTestSupport
    import Testing

    @Suite("@BehaveModule: what a type's methods expand to")
    struct BehaveModuleExpansionTests {
        @Test("each method is an action: its name, labels, types, effects and doc comment")
        func methods() {
            expectExpansion(
                """
                /// A shopping cart.
                @BehaveModule
                final class Cart {
                    /// Adds an item.
                    ///
                    /// The cart keeps the order.
                    /// - Parameters:
                    ///   - item: What to add
                    ///   - qty: How many
                    func add(item: String, qty: Int) throws {}
                    /// What the cart costs,
                    /// taxes included.
                    func total() -> Double { 0 }
                    func checkout(_ context: ActionContext) async throws -> String { "" }
                    func note(_ text: String, _ times: Int) {}
                }
                """,
                expands: """
                    /// A shopping cart.
                    final class Cart {
                        /// Adds an item.
                        ///
                        /// The cart keeps the order.
                        /// - Parameters:
                        ///   - item: What to add
                        ///   - qty: How many
                        func add(item: String, qty: Int) throws {}
                        /// What the cart costs,
                        /// taxes included.
                        func total() -> Double { 0 }
                        func checkout(_ context: ActionContext) async throws -> String { "" }
                        func note(_ text: String, _ times: Int) {}
                    }

                    extension Cart: BehaveModule {
                        var name: String {
                            "Cart"
                        }
                        var doc: String {
                            "A shopping cart."
                        }
                        var actions: [Behave.Action] {
                            [
                                Behave.Action("add", doc: "Adds an item.", Behave.Action.Parameter<String>("item", doc: "What to add"), Behave.Action.Parameter<Int>("qty", doc: "How many")) { (_: Behave.ActionContext, item: String, qty: Int) throws in
                                    try self.add(item: item, qty: qty)
                                },
                                Behave.Action("total", doc: "What the cart costs, taxes included.") { (_: Behave.ActionContext) -> Double in
                                    self.total()
                                },
                                Behave.Action("checkout") { (context: Behave.ActionContext) async throws -> String in
                                    try await self.checkout(context)
                                },
                                Behave.Action("note", "_", "_") { (_: Behave.ActionContext, text: String, times: Int) in
                                    self.note(text, times)
                                },
                            ]
                        }
                    }
                    """)
        }
    }
#endif
