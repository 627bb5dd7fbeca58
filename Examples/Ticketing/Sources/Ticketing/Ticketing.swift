import Behave

/// What behaviours may do with tickets: `Ticketing.open`, `Ticketing.route`, `Ticketing.assign`.
///
/// ```lua
/// local number = Ticketing.open("Refund not received")      -- waits for the desk
/// Ticketing.assign(number, Ticketing.route("Refund not received", 2))
/// ```
public struct Ticketing: BehaveModule, TicketRouting {
    public let name = "Ticketing"
    public var doc: String { "Opens, routes and assigns support tickets" }
    /// The desk tickets go to.
    public var desk: any TicketDesk
    /// The priority `open` gives a ticket.
    public var defaultPriority: Int

    /// A module opening tickets on `desk` at `defaultPriority`.
    public init(desk: any TicketDesk, defaultPriority: Int = 2) {
        self.desk = desk
        self.defaultPriority = defaultPriority
    }

    public var actions: [Action] {
        let desk = self.desk
        let priority = defaultPriority
        return [
            // snippet: adopt-open
            Action(
                "open", doc: "Opens a ticket on the desk and returns its number",
                Action.Parameter("title", doc: "what the ticket is about")
            ) {
                (_, title: String) async throws -> Int in
                guard !title.isEmpty else { throw TicketingError("a ticket needs a title") }
                return try await desk.open(title: title, priority: priority).number
            },
            // snippet end
            Action(
                "route", doc: "The team a ticket goes to (urgent ones to on-call)",
                Action.Parameter("title", doc: "what the ticket is about"),
                Action.Parameter("priority", doc: "1 (low) to 3 (urgent)")
            ) {
                (_, title: String, priority: Int) throws -> String in
                guard (1...3).contains(priority) else {
                    throw TicketingError("priority \(priority) is not between 1 and 3")
                }
                return team(title: title, priority: priority)
            },
            Action(
                "assign", doc: "Assigns ticket NUMBER to TEAM on the desk and says so",
                Action.Parameter("number", doc: "a number `open` returned"),
                Action.Parameter("team", doc: "a team, e.g. from `route`")
            ) {
                (context, number: Int, team: String) async throws in
                try await desk.assign(number, to: team)
                try context.print("ticket #\(number) → \(team)")
            },
        ]
    }
}
