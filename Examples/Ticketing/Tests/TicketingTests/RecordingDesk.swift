import Ticketing

/// The test double for ``TicketDesk``: records every call, numbers tickets from 1, and refuses
/// to assign a ticket it never opened.
actor RecordingDesk: TicketDesk {
    /// What was asked of the desk, in order: `open Title`, `assign 1 payments`.
    private(set) var calls: [String] = []

    func open(title: String, priority: Int) async throws -> Ticket {
        calls.append("open \(title)")
        return Ticket(number: calls.count(where: { $0.hasPrefix("open ") }), title: title, priority: priority)
    }

    func assign(_ number: Int, to team: String) async throws {
        guard number >= 1, number <= calls.count(where: { $0.hasPrefix("open ") }) else {
            throw TicketingError("no ticket #\(number)")
        }
        calls.append("assign \(number) \(team)")
    }
}
