import Behave

/// The shopping cart of issue reports: actions of every arity, sync and async, with and without a
/// result, written as an adopter writes them.
final class Cart: BehaveModule, @unchecked Sendable {
    let name = "Cart"
    private(set) var items: [String: Int] = [:]

    var actions: [Action] {
        [
            Action("clear") { _ in self.items = [:] },
            Action("count") { _ in self.items.values.reduce(0, +) },
            Action("remove", "item") { (_, item: String) in self.items[item] = nil },
            Action("quantity", "item") { (_, item: String) -> Int in self.items[item] ?? 0 },
            Action("add", "item", "qty") { (_, item: String, qty: Int) throws in
                self.items[item, default: 0] += qty
            },
            Action("price", "item", "qty") { (_, item: String, qty: Int) in Double(qty) * 1.5 },
            Action("line", "item", "qty", "note") { (_, item: String, qty: Int, note: String) in
                "\(qty) × \(item) (\(note))"
            },
            Action("place", "item", "qty", "note", "express") {
                (_, item: String, qty: Int, note: String, express: Bool) in
                "\(item) \(qty) \(note) \(express)"
            },
            Action("checkout") { (context) async throws -> String in
                try await context.sleep(1)
                return "paid"
            },
            Action("ship", "address") { (context, address: String) async throws in try await context.sleep(1) },
            Action("quote", "item", "qty", "note") { (_, item: String, qty: Int, note: String) async -> String in
                "\(item) \(qty) \(note)"
            },
            Action("deliver", "item", "qty", "note", "express") {
                (context, item: String, qty: Int, note: String, express: Bool) async throws in
                try await context.sleep(express ? 1 : 2)
            },
        ]
    }
}
