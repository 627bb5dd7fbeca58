#if Macros
    import SwiftSyntaxMacrosGenericTestSupport
    import Testing

    @Suite("@BehaveModule: what cannot be an action is an error, with a fix-it")
    struct BehaveModuleDiagnosticTests {
        @Test("generic, rethrows and mutating methods: mark them @BehaveIgnored")
        func methods() {
            let ignore = [FixItSpec(message: "mark it @BehaveIgnored")]
            expectExpansion(
                """
                @BehaveModule
                struct Tools {
                    func first<T>(_ items: [T]) -> T? { nil }
                    func each(_ body: () throws -> Void) rethrows {}
                    mutating func bump() {}
                    func show(_ value: some CustomStringConvertible) {}
                }
                """,
                expands: """
                    struct Tools {
                        func first<T>(_ items: [T]) -> T? { nil }
                        func each(_ body: () throws -> Void) rethrows {}
                        mutating func bump() {}
                        func show(_ value: some CustomStringConvertible) {}
                    }

                    extension Tools: BehaveModule {
                        var name: String {
                            "Tools"
                        }
                        var actions: [Behave.Action] {
                            []
                        }
                    }
                    """,
                diagnostics: [
                    DiagnosticSpec(message: BehaveMessage.generic, line: 3, column: 15, fixIts: ignore),
                    DiagnosticSpec(message: BehaveMessage.rethrowsMethod, line: 4, column: 42, fixIts: ignore),
                    DiagnosticSpec(message: BehaveMessage.mutating, line: 5, column: 5, fixIts: ignore),
                    DiagnosticSpec(message: BehaveMessage.generic, line: 6, column: 24, fixIts: ignore),
                ],
                fixed: """
                    @BehaveModule
                    struct Tools {
                        @BehaveIgnored
                        func first<T>(_ items: [T]) -> T? { nil }
                        @BehaveIgnored
                        func each(_ body: () throws -> Void) rethrows {}
                        @BehaveIgnored
                        mutating func bump() {}
                        @BehaveIgnored
                        func show(_ value: some CustomStringConvertible) {}
                    }
                    """)
        }

        @Test("inout and variadic parameters: remove inout, take an array")
        func parameters() {
            expectExpansion(
                """
                @BehaveModule
                final class Counter {
                    func add(_ total: inout Int, _ values: Int...) {}
                }
                """,
                expands: """
                    final class Counter {
                        func add(_ total: inout Int, _ values: Int...) {}
                    }

                    extension Counter: BehaveModule {
                        var name: String {
                            "Counter"
                        }
                        var actions: [Behave.Action] {
                            []
                        }
                    }
                    """,
                diagnostics: [
                    DiagnosticSpec(
                        message: BehaveMessage.inoutParameter, line: 3, column: 14,
                        fixIts: [FixItSpec(message: "remove inout")]),
                    DiagnosticSpec(
                        message: BehaveMessage.variadic, line: 3, column: 34,
                        fixIts: [FixItSpec(message: "take an array")]),
                ],
                fixed: """
                    @BehaveModule
                    final class Counter {
                        func add(_ total: Int, _ values: [Int]) {}
                    }
                    """)
        }

        @Test("an actor or a protocol is not a module")
        func notAType() {
            expectExpansion(
                """
                @BehaveModule
                actor Bank {}
                """,
                expands: """
                    actor Bank {}
                    """,
                diagnostics: [
                    DiagnosticSpec(message: "@BehaveModule applies to a struct, class or enum", line: 1, column: 1)
                ])
        }
    }

    /// The diagnostics' messages, as a developer reads them.
    enum BehaveMessage {
        static let generic =
            "a generic method cannot be an action: its types must be known to Lua; mark it @BehaveIgnored"
        static let rethrowsMethod =
            "a rethrows method cannot be an action: it takes a function, which Lua cannot pass; mark it @BehaveIgnored"
        static let mutating =
            "a mutating method cannot be an action: the module's actions run on a copy of it; mark it @BehaveIgnored"
        static let inoutParameter =
            "an inout parameter cannot be an action's: Lua cannot see what the action writes back"
        static let variadic = "a variadic parameter cannot be an action's; take an array, which Lua passes as a table"
    }
#endif
