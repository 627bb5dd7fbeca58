/// An app's request that a running behaviour give its events channel to another: a new copy
/// that arrived while it ran (``EventChannel/handOver(_:notice:)``).
public struct HandOver: Sendable, Equatable {
    /// The event the behaviour's handlers get before a hand-over `.whenIdle`, with the notice as
    /// its payload: their chance to keep what the next copy needs (in the store) and to finish.
    public static let reloadEvent = "behave.reload"

    /// When the run ends.
    public enum Moment: Sendable, Equatable {
        /// At the next moment no Lua code runs: between two slices.
        case now
        /// Once no task is ready and no action is in flight, after ``HandOver/reloadEvent``'s
        /// handlers have run and the behaviour is idle again.
        case whenIdle
    }

    /// When the run ends.
    public var moment: Moment
    /// What the behaviour's ``reloadEvent`` handlers get: the new copy's URL and sequence, say.
    public var notice: PlainValue
}
