import BehaveMacros

/// Payments: what behaviours may charge, written as a plain type.
// snippet: embed-macro
@BehaveModule
public struct Payments: Sendable {
    let store: BasketStore

    /// Payments for the items in `store`.
    public init(store: BasketStore) { self.store = store }

    /// What the basket costs.
    func total() -> Double { store.total }

    /// Applies a discount code; returns the new total.
    /// - Parameter code: a code such as SPRING10
    func discount(code: String) throws -> Double {
        guard code.hasPrefix("SPRING") else { throw ShopError("unknown code '\(code)'") }
        store.discount = 0.1
        return store.total
    }

    /// Pays for the basket and returns the order.
    func checkout(_ context: ActionContext, card: String) async throws -> [String: String] {
        try await context.sleep(1)
        return ["card": String(card.suffix(4)), "total": String(store.total)]
    }
}
// snippet end
