import BehaveLua

/// One native function of a module, with the metadata tools show and the body Lua calls.
///
/// Declare actions with the typed initialisers, of any arity: the parameters' labels come
/// after the name, and the closure's types are the action's signature, checked at compile time
/// with no reflection. A synchronous closure makes a synchronous action; only an `async` closure
/// makes an async one, which suspends the calling task until it is done.
///
/// ```swift
/// let actions = [
///     Action("sayHello", doc: "Prints a greeting") { context in
///         try context.print("Hello")
///     },
///     Action("openUrl", doc: "Opens a web page", "url") { (_, url: String) in
///         try opener.open(url)
///     },
///     Action("add", doc: "Adds an item", "item", "qty") { (_, item: String, qty: Int) in
///         cart.add(item, quantity: qty)
///     },
///     Action("checkout", doc: "Pays for the cart") { (_) async throws -> String in
///         try await payments.charge(cart.total)
///     },
/// ]
/// ```
public struct Action: @unchecked Sendable {
    /// The Swift base name, also the Lua name (`openUrl`).
    public var name: String
    /// The parameters in order.
    public var parameters: [ActionParameter]
    /// What the action returns (`.void` for nothing).
    public var returns: ValueType
    /// One line of documentation.
    public var doc: String
    /// Whether the action suspends (an `async` Swift function).
    public var isAsync: Bool
    /// How the action runs when Lua calls it.
    let body: Body

    enum Body {
        /// Reads arguments from the stack, runs, pushes results, returns the result count.
        case immediate((ActionContext, LuaStack) throws -> Int32)
        /// Reads arguments from the stack and returns the work to await; the calling task
        /// is suspended until the work is done.
        case suspending((ActionContext, LuaStack) throws -> ActionWork)
    }

    /// The Swift spelling, `openUrl(url:)`, `sayHello()`, `foo(_:b:)`.
    public var signature: String {
        "\(name)(\(parameters.map { "\($0.label ?? "_"):" }.joined()))"
    }

    /// A raw action: `body` reads its own arguments and returns how many results it pushed.
    public init(
        _ name: String, doc: String = "", parameters: [ActionParameter] = [], returns: ValueType = .void,
        raw body: @escaping (ActionContext, LuaStack) throws -> Int32
    ) {
        self.name = name
        self.doc = doc
        self.parameters = parameters
        self.returns = returns
        self.isAsync = false
        self.body = .immediate(body)
    }

    /// A raw async action: `start` reads its own arguments (on the host's thread) and returns
    /// the work to await; the calling Lua task waits, without blocking the host, until it is done.
    public init(
        _ name: String, doc: String = "", parameters: [ActionParameter] = [], returns: ValueType = .void,
        raw start: @escaping (ActionContext, LuaStack) throws -> ActionWork
    ) {
        self.name = name
        self.doc = doc
        self.parameters = parameters
        self.returns = returns
        self.isAsync = true
        self.body = .suspending(start)
    }
}
