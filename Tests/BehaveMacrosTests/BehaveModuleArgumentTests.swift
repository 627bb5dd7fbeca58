#if Macros
    import Testing

    @Suite("@BehaveModule: its arguments, and which methods are actions")
    struct BehaveModuleArgumentTests {
        @Test("a name, doc and aliases given; public members for a public type; left-out methods")
        func arguments() {
            expectExpansion(
                """
                @BehaveModule("Shop", doc: "Where things are bought", aliases: ["Basket"])
                public struct Cart {
                    private func secret() {}
                    static func make() -> Cart { Cart() }
                    @BehaveIgnored func reset() {}
                    public func `default`(_ flag: Bool?) -> [String: Int] { [:] }
                }
                """,
                expands: """
                    public struct Cart {
                        private func secret() {}
                        static func make() -> Cart { Cart() }
                        func reset() {}
                        public func `default`(_ flag: Bool?) -> [String: Int] { [:] }
                    }

                    extension Cart: BehaveModule {
                        public var name: String {
                            "Shop"
                        }
                        public var doc: String {
                            "Where things are bought"
                        }
                        public var aliases: [String] {
                            ["Basket"]
                        }
                        public var actions: [Behave.Action] {
                            [
                                Behave.Action("default", "_") { (_: Behave.ActionContext, flag: Bool?) -> [String: Int] in
                                    self.`default`(flag)
                                },
                            ]
                        }
                    }
                    """)
        }

        @Test("what the type declares itself is not declared again; no doc comment, no doc")
        func ownMembers() {
            expectExpansion(
                """
                @BehaveModule
                struct Greeter {
                    let name = "Hello"
                }
                """,
                expands: """
                    struct Greeter {
                        let name = "Hello"
                    }

                    extension Greeter: BehaveModule {
                        var actions: [Behave.Action] {
                            []
                        }
                    }
                    """)
        }
    }
#endif
