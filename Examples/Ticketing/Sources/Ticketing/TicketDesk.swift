/// The ticket system behind the module: the app's real one talks to a server; tests pass a double.
public protocol TicketDesk: Sendable {
    /// Opens a ticket and returns it with its number.
    func open(title: String, priority: Int) async throws -> Ticket
    /// Assigns ticket `number` to `team`.
    func assign(_ number: Int, to team: String) async throws
}
