/// How a run ended, as a ``HostFeature`` hears it.
public struct RunEnding: Sendable {
    /// How it finished, or the error that ended it.
    public let result: Result<Finish, BehaveError>
    /// Handlers and timers that failed while it went on.
    public let failedTasks: Int
}
