import BehaveLua

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

    /// An action with no parameters and no result.
    public init(_ name: String, doc: String = "", _ run: @escaping (ActionContext) throws -> Void) {
        self.init(
            name, doc: doc,
            raw: { context, _ in
                try run(context)
                return 0
            })
    }

    /// An action with no parameters returning a value.
    public init<R: ActionValue>(_ name: String, doc: String = "", _ run: @escaping (ActionContext) throws -> R) {
        self.init(
            name, doc: doc, returns: R.valueType,
            raw: { context, stack in
                try run(context).push(to: stack)
                return 1
            })
    }

    /// An action with one parameter and no result.
    public init<A: ActionValue>(
        _ name: String, doc: String = "", parameter: ActionParameter,
        _ run: @escaping (ActionContext, A) throws -> Void
    ) {
        var described = parameter
        described.type = A.valueType
        self.init(
            name, doc: doc, parameters: [described],
            raw: { context, stack in
                try run(context, A.read(from: stack, at: 1))
                return 0
            })
    }

    /// An action with one parameter returning a value.
    public init<A: ActionValue, R: ActionValue>(
        _ name: String, doc: String = "", parameter: ActionParameter,
        _ run: @escaping (ActionContext, A) throws -> R
    ) {
        var described = parameter
        described.type = A.valueType
        self.init(
            name, doc: doc, parameters: [described], returns: R.valueType,
            raw: { context, stack in
                try run(context, A.read(from: stack, at: 1)).push(to: stack)
                return 1
            })
    }

    /// An action with two parameters returning a value.
    public init<A: ActionValue, B: ActionValue, R: ActionValue>(
        _ name: String, doc: String = "", parameters: (ActionParameter, ActionParameter),
        _ run: @escaping (ActionContext, A, B) throws -> R
    ) {
        self.init(
            name, doc: doc, parameters: Self.typed(parameters, A.valueType, B.valueType), returns: R.valueType,
            raw: { context, stack in
                try run(context, A.read(from: stack, at: 1), B.read(from: stack, at: 2)).push(to: stack)
                return 1
            })
    }
}

// MARK: Async actions

extension Action {
    /// An async action with no parameters and no result.
    ///
    /// ```swift
    /// Action("refresh", doc: "Reloads the feed") { (context) async throws in
    ///     try await feed.reload()
    /// }
    /// ```
    public init(_ name: String, doc: String = "", _ run: @escaping @Sendable (ActionContext) async throws -> Void) {
        self.init(
            name, doc: doc,
            raw: { context, _ in
                ActionWork {
                    try await run(context)
                    return .none
                }
            })
    }

    /// An async action with no parameters returning a value.
    public init<R: ActionValue & Sendable>(
        _ name: String, doc: String = "",
        _ run: @escaping @Sendable (ActionContext) async throws -> R
    ) {
        self.init(
            name, doc: doc, returns: R.valueType,
            raw: { context, _ in
                ActionWork { .value(try await run(context)) }
            })
    }

    /// An async action with one parameter and no result.
    public init<A: ActionValue & Sendable>(
        _ name: String, doc: String = "", parameter: ActionParameter,
        _ run: @escaping @Sendable (ActionContext, A) async throws -> Void
    ) {
        var described = parameter
        described.type = A.valueType
        self.init(
            name, doc: doc, parameters: [described],
            raw: { context, stack in
                let a = try A.read(from: stack, at: 1)
                return ActionWork {
                    try await run(context, a)
                    return .none
                }
            })
    }

    /// An async action with one parameter returning a value.
    ///
    /// ```swift
    /// Action("vote", doc: "Sends a vote", parameter: .init("destination", .string)) {
    ///     (context, destination: String) async throws -> String in
    ///     try await server.vote(destination)
    /// }
    /// ```
    public init<A: ActionValue & Sendable, R: ActionValue & Sendable>(
        _ name: String, doc: String = "", parameter: ActionParameter,
        _ run: @escaping @Sendable (ActionContext, A) async throws -> R
    ) {
        var described = parameter
        described.type = A.valueType
        self.init(
            name, doc: doc, parameters: [described], returns: R.valueType,
            raw: { context, stack in
                let a = try A.read(from: stack, at: 1)
                return ActionWork { .value(try await run(context, a)) }
            })
    }

    /// An async action with two parameters and no result.
    ///
    /// ```swift
    /// Action("assign", doc: "Assigns a ticket", parameters: (.init("number", .integer), .init("team", .string))) {
    ///     (context, number: Int, team: String) async throws in
    ///     try await desk.assign(number, to: team)
    /// }
    /// ```
    public init<A: ActionValue & Sendable, B: ActionValue & Sendable>(
        _ name: String, doc: String = "", parameters: (ActionParameter, ActionParameter),
        _ run: @escaping @Sendable (ActionContext, A, B) async throws -> Void
    ) {
        self.init(
            name, doc: doc, parameters: Self.typed(parameters, A.valueType, B.valueType),
            raw: { context, stack in
                let a = try A.read(from: stack, at: 1)
                let b = try B.read(from: stack, at: 2)
                return ActionWork {
                    try await run(context, a, b)
                    return .none
                }
            })
    }

    /// An async action with two parameters returning a value.
    public init<A: ActionValue & Sendable, B: ActionValue & Sendable, R: ActionValue & Sendable>(
        _ name: String, doc: String = "", parameters: (ActionParameter, ActionParameter),
        _ run: @escaping @Sendable (ActionContext, A, B) async throws -> R
    ) {
        self.init(
            name, doc: doc, parameters: Self.typed(parameters, A.valueType, B.valueType), returns: R.valueType,
            raw: { context, stack in
                let a = try A.read(from: stack, at: 1)
                let b = try B.read(from: stack, at: 2)
                return ActionWork { .value(try await run(context, a, b)) }
            })
    }

    /// `parameters` with the types the closure declares.
    private static func typed(
        _ parameters: (ActionParameter, ActionParameter), _ first: ValueType, _ second: ValueType
    ) -> [ActionParameter] {
        var (a, b) = parameters
        a.type = first
        b.type = second
        return [a, b]
    }
}
