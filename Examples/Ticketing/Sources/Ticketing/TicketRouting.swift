// snippet: adopt-trait
/// Which team a ticket goes to: a trait (seed 004), whose rule lives in its extension, so every
/// type that adopts it routes alike, and a type may adopt it with no code of its own.
public protocol TicketRouting {
    /// The team for a ticket titled `title` at `priority`.
    func team(title: String, priority: Int) -> String
}

extension TicketRouting {
    public func team(title: String, priority: Int) -> String {
        if priority >= 3 { return "on-call" }
        let words = title.lowercased()
        if words.contains("payment") || words.contains("refund") { return "payments" }
        return "support"
    }
}
// snippet end
