/// A named set of actions implemented in Swift (the seed's `MyFirstModule`).
///
/// Write a module as a value type; compose behaviour from protocols with default
/// implementations (see `Greeting` in the Greeter module) rather than base classes:
///
/// ```swift
/// struct Counter: BehaveModule {
///     let name = "Counter"
///     var doc: String { "Counts things" }
///     var actions: [Action] {
///         [Action("twice", "n") { (_, n: Int) in n * 2 }]
///     }
/// }
/// ```
public protocol BehaveModule {
    /// The name behaviours use (`MyFirstModule`); also the Lua global.
    var name: String { get }
    /// Other names that resolve to this module.
    var aliases: [String] { get }
    /// One line for `behave modules`, `:help` and editors.
    var doc: String { get }
    /// The actions, each with its metadata.
    var actions: [Action] { get }
}

extension BehaveModule {
    public var aliases: [String] { [] }
    public var doc: String { "" }

    /// The action with this exact Lua name, if any.
    public func action(named name: String) -> Action? {
        actions.first { $0.name == name }
    }
}
