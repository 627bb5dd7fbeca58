import Behave

/// The basket behaviours fill: one action of each arity from none to four, synchronous unless
/// its closure is `async`.
public struct Basket: BehaveModule, Sendable {
    public let name = "Basket"
    public var doc: String { "What the customer is buying" }
    let store: BasketStore

    /// A basket over `store`, which the app keeps.
    public init(store: BasketStore) { self.store = store }

    public var actions: [Action] {
        [
            Action("clear", doc: "Empties the basket") { _ in store.clear() },
            Action("count", doc: "How many items the basket holds") { _ in store.count },
            // snippet: embed-actions
            Action("remove", doc: "Takes an item out", "item") { (_, item: String) in store.remove(item) },
            Action("add", doc: "Puts items in the basket", "item", Action.Parameter("qty", doc: "how many")) {
                (_, item: String, qty: Int) throws in
                guard qty > 0 else { throw ShopError("a quantity must be positive, not \(qty)") }
                store.add(item, qty)
            },
            Action("label", doc: "A line for the receipt", "item", "qty", "note") {
                (_, item: String, qty: Int, note: String) in "\(qty) × \(item) (\(note))"
            },
            Action("reserve", doc: "Holds items at a shop", "item", "qty", "shop", "express") {
                (context, item: String, qty: Int, shop: String, express: Bool) async throws -> String in
                try await context.sleep(express ? 1 : 5)
                return "\(qty) × \(item) held at \(shop)"
            },
            // snippet end
            Action("restock", doc: "Waits for the warehouse") { (context) async throws in try await context.sleep(2) },
        ]
    }
}
