import Lua

/// One parameter of an action: its label (as in Swift's `openUrl(url:)`), type and doc.
public struct ActionParameter: Sendable, Equatable {
    /// The argument label; `nil` for an unlabelled parameter (`_`).
    public var label: String?
    /// The type behaviours must pass.
    public var type: ValueType
    /// One line for `behave modules`, `:help` and editors.
    public var doc: String

    /// Creates a parameter description.
    public init(_ label: String?, _ type: ValueType, doc: String = "") {
        self.label = label
        self.type = type
        self.doc = doc
    }
}

/// One native function of a module, with the metadata tools show and the body Lua calls.
///
/// Declare actions with the typed initialisers; the closure's parameter types become the
/// action's signature, checked at compile time, with no reflection:
///
/// ```swift
/// Action("sayHello", doc: "Prints a greeting") { context in
///     context.print("Hello")
/// }
/// Action("openUrl", doc: "Opens a web page", parameters: [.init("url", .string)]) {
///     (context, url: String) in try opener.open(url)
/// }
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
    /// Reads arguments from the stack, runs, pushes results, returns the result count.
    let body: (ActionContext, LuaStack) throws -> Int32

    /// The Swift spelling, `openUrl(url:)`, `sayHello()`, `foo(_:b:)`.
    public var signature: String {
        "\(name)(\(parameters.map { "\($0.label ?? "_"):" }.joined()))"
    }

    /// A raw action: `body` reads its own arguments and returns how many results it pushed.
    public init(_ name: String, doc: String = "", parameters: [ActionParameter] = [], returns: ValueType = .void,
                isAsync: Bool = false, raw body: @escaping (ActionContext, LuaStack) throws -> Int32) {
        self.name = name
        self.doc = doc
        self.parameters = parameters
        self.returns = returns
        self.isAsync = isAsync
        self.body = body
    }

    /// An action with no parameters and no result.
    public init(_ name: String, doc: String = "", _ run: @escaping (ActionContext) throws -> Void) {
        self.init(name, doc: doc, raw: { context, _ in try run(context); return 0 })
    }

    /// An action with no parameters returning a value.
    public init<R: ActionValue>(_ name: String, doc: String = "", _ run: @escaping (ActionContext) throws -> R) {
        self.init(name, doc: doc, returns: R.valueType, raw: { context, stack in
            try run(context).push(to: stack)
            return 1
        })
    }

    /// An action with one parameter and no result.
    public init<A: ActionValue>(_ name: String, doc: String = "", parameter: ActionParameter,
                                _ run: @escaping (ActionContext, A) throws -> Void) {
        var described = parameter
        described.type = A.valueType
        self.init(name, doc: doc, parameters: [described], raw: { context, stack in
            try run(context, A.read(from: stack, at: 1))
            return 0
        })
    }

    /// An action with one parameter returning a value.
    public init<A: ActionValue, R: ActionValue>(_ name: String, doc: String = "", parameter: ActionParameter,
                                                _ run: @escaping (ActionContext, A) throws -> R) {
        var described = parameter
        described.type = A.valueType
        self.init(name, doc: doc, parameters: [described], returns: R.valueType, raw: { context, stack in
            try run(context, A.read(from: stack, at: 1)).push(to: stack)
            return 1
        })
    }

    /// An action with two parameters returning a value.
    public init<A: ActionValue, B: ActionValue, R: ActionValue>(
        _ name: String, doc: String = "", parameters: (ActionParameter, ActionParameter),
        _ run: @escaping (ActionContext, A, B) throws -> R
    ) {
        var first = parameters.0, second = parameters.1
        first.type = A.valueType
        second.type = B.valueType
        self.init(name, doc: doc, parameters: [first, second], returns: R.valueType, raw: { context, stack in
            try run(context, A.read(from: stack, at: 1), B.read(from: stack, at: 2)).push(to: stack)
            return 1
        })
    }
}
