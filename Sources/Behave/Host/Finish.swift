/// How a run ended.
public enum Finish: Sendable, Equatable {
    /// The main chunk returned and nothing could happen any more. `waiting` counts tasks
    /// still in `wait_for` for an event that can no longer arrive.
    case completed(waiting: Int)
    /// The behaviour called `stop(reason)`.
    case stopped(String?)
    /// The app handed the channel over to another behaviour (``EventChannel/handOver(_:notice:)``).
    case handedOver
}
