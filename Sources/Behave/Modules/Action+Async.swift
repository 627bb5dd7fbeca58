import BehaveLua

// Async actions of any arity, chosen only for an `async` closure: each form is disfavoured, so a
// synchronous closure, which matches the synchronous form of the same shape exactly, never lands
// here. The arguments are read on the host's thread when Lua calls; the work runs on Swift's
// concurrency pool while the calling task waits.
extension Action {
    /// An async action returning a value:
    /// `Action("vote", "destination") { (_, destination: String) async throws -> String in … }`.
    @_disfavoredOverload
    public init<each A: ActionValue & Sendable, R: ActionValue & Sendable>(
        _ name: String, doc: String = "", _ parameters: repeat Parameter<each A>,
        run: @escaping @Sendable (ActionContext, repeat each A) async throws -> R
    ) {
        self.init(
            name, doc: doc, parameters: Self.described(repeat each parameters), returns: R.valueType,
            raw: { context, stack in
                let arguments = try Self.arguments(from: stack, as: repeat (each A).self)
                return ActionWork { .value(try await run(context, repeat each arguments)) }
            })
    }

    /// An async action with no result:
    /// `Action("refresh") { (_) async throws in try await feed.reload() }`.
    @_disfavoredOverload
    public init<each A: ActionValue & Sendable>(
        _ name: String, doc: String = "", _ parameters: repeat Parameter<each A>,
        run: @escaping @Sendable (ActionContext, repeat each A) async throws -> Void
    ) {
        self.init(
            name, doc: doc, parameters: Self.described(repeat each parameters),
            raw: { context, stack in
                let arguments = try Self.arguments(from: stack, as: repeat (each A).self)
                return ActionWork {
                    try await run(context, repeat each arguments)
                    return .none
                }
            })
    }
}
