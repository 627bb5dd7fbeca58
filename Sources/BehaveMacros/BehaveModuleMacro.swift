@_exported import Behave

/// Makes a struct or class a ``BehaveModule`` whose actions are its methods.
///
/// Each instance method that is neither private nor static becomes an action: its base name is
/// the action's name, its argument labels the parameters' labels, its parameter and result types
/// the action's types, `async` an async action, and its doc comment's summary the action's doc
/// (a `- Parameter name:` line documents that parameter). A first parameter of type
/// `ActionContext` is given the calling context instead of a Lua argument. `@BehaveIgnored`
/// leaves a method out.
///
/// ```swift
/// /// A shopping basket.
/// @BehaveModule
/// final class Basket {
///     private var total = 0.0
///
///     /// Adds an item at its price.
///     func add(item: String, price: Double) { total += price }
///     /// What the basket costs.
///     func cost() -> Double { total }
/// }
/// ```
///
/// - Parameters:
///   - name: The module's name in behaviours; the type's name when omitted.
///   - doc: One line for tools; the type's doc comment when omitted.
///   - aliases: Other names that resolve to the module.
@attached(extension, conformances: BehaveModule, names: named(name), named(doc), named(aliases), named(actions))
public macro BehaveModule(_ name: String? = nil, doc: String? = nil, aliases: [String] = []) =
    #externalMacro(module: "BehaveMacrosPlugin", type: "BehaveModuleMacro")

/// Leaves a method of a `@BehaveModule` type out of its actions.
@attached(peer)
public macro BehaveIgnored() = #externalMacro(module: "BehaveMacrosPlugin", type: "BehaveIgnoredMacro")
