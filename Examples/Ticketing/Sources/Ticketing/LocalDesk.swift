/// A desk kept in memory: the `ticketing` tool's, so behaviours can be tried without a server.
public actor LocalDesk: TicketDesk {
    /// The tickets opened, in order.
    public private(set) var tickets: [Ticket] = []

    /// An empty desk.
    public init() {}

    public func open(title: String, priority: Int) async throws -> Ticket {
        let ticket = Ticket(number: tickets.count + 1, title: title, priority: priority)
        tickets.append(ticket)
        return ticket
    }

    public func assign(_ number: Int, to team: String) async throws {
        guard tickets.indices.contains(number - 1) else { throw TicketingError("no ticket #\(number)") }
        tickets[number - 1].team = team
    }
}
