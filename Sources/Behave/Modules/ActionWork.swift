/// The work of an async action, started when Lua calls it and awaited by the host.
public struct ActionWork: Sendable {
    let run: @Sendable () async throws -> ActionResult
    /// Whether the scheduler starts no work: whoever drives the run hands the answer in (a replay
    /// answers from its recording).
    package let isAnsweredByDriver: Bool

    /// Wraps the work; it runs on Swift's concurrency pool, never on the host's thread.
    public init(_ run: @escaping @Sendable () async throws -> ActionResult) {
        self.run = run
        isAnsweredByDriver = false
    }

    private init(answeredByDriver: Void) {
        run = { .none }
        isAnsweredByDriver = true
    }

    /// Work the scheduler never starts: the run's driver resolves the action itself.
    package static let answeredByDriver = ActionWork(answeredByDriver: ())
}
