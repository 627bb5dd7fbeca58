import BehaveLua

// Synchronous actions of any arity. A synchronous closure matches these exactly, and the async
// forms (Action+Async.swift) are disfavoured, so a closure that is not `async` never makes an
// async action.
extension Action {
    /// A synchronous action returning a value: `Action("twice", "n") { (_, n: Int) in n * 2 }`.
    // Inlinable, so that the app's module specializes the call for its own types: the generic
    // version reads arguments and pushes the result through witness tables, at a cost per call
    // larger than the flight recorder's.
    @inlinable
    public init<each A: ActionValue, R: ActionValue>(
        _ name: String, doc: String = "", _ parameters: repeat Parameter<each A>,
        run: @escaping (ActionContext, repeat each A) throws -> R
    ) {
        self.init(
            name, doc: doc, parameters: Self.described(repeat each parameters), returns: R.valueType,
            raw: { context, stack in
                let arguments = try Self.arguments(from: stack, as: repeat (each A).self)
                context.push(try run(context, repeat each arguments), to: stack)
                return 1
            })
    }

    /// A synchronous action with no result:
    /// `Action("add", "item", "qty") { (_, item: String, qty: Int) in cart.add(item, qty) }`.
    @inlinable
    public init<each A: ActionValue>(
        _ name: String, doc: String = "", _ parameters: repeat Parameter<each A>,
        run: @escaping (ActionContext, repeat each A) throws -> Void
    ) {
        self.init(
            name, doc: doc, parameters: Self.described(repeat each parameters),
            raw: { context, stack in
                let arguments = try Self.arguments(from: stack, as: repeat (each A).self)
                try run(context, repeat each arguments)
                return 0
            })
    }
}
