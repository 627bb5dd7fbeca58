/// What a checkout behaviour returns and emits, as the app decodes it.
public struct Order: Codable, Sendable, Equatable {
    /// The items bought.
    public var items: Int
    /// What was paid.
    public var total: Double
    /// The card's last four digits.
    public var card: String

    /// An order.
    public init(items: Int, total: Double, card: String) {
        self.items = items
        self.total = total
        self.card = card
    }
}
