/// A request from outside that a run end before it would by itself, the behaviour's own work
/// left for whatever runs next on its events channel (``EventChannel/handOver(_:notice:)``).
struct EndRequest: Sendable {
    /// Whether the run ends at the next moment no Lua code runs, or only once it is at rest.
    var atOnce: Bool
    /// What an end at rest delivers first, due at once: the handlers' chance to finish.
    var farewell: TimedEvent?

    /// Whether this request ends the run sooner than `other`: one at once is never put back.
    func replaces(_ other: EndRequest?) -> Bool { other?.atOnce != true }
}
