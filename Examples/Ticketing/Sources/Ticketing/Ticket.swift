/// A ticket as the desk keeps it.
public struct Ticket: Sendable, Equatable {
    /// The desk's number for it, from 1.
    public var number: Int
    /// What it is about.
    public var title: String
    /// 1 (low) to 3 (urgent).
    public var priority: Int
    /// The team it is assigned to, or nil.
    public var team: String?

    /// A ticket as given.
    public init(number: Int, title: String, priority: Int, team: String? = nil) {
        self.number = number
        self.title = title
        self.priority = priority
        self.team = team
    }
}
