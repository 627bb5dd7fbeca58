/// What a finished run reports: plain values, which may go to any task or actor.
public struct RunReport: Sendable {
    /// What the main chunk returned, copied out of the state (``RunResults``).
    public var results: RunResults
    /// How the run ended.
    public var finish: Finish
    /// Event handlers and timers that failed (each reported on the diagnostics) while the
    /// behaviour went on.
    public var failedTasks: Int
    /// Events from outside (an events file, a channel) that reached no handler and no waiter,
    /// and were dropped: each is traced (``TraceEvent/Kind/unhandled(name:)``).
    public var unhandledEvents: Int
    /// The first of them, with when it arrived (`'price_drop' at 0s`), for a one-line warning.
    public var firstUnhandledEvent: String?
    /// VM instructions used, in steps of the hook interval; counted only when the policy has
    /// an instruction or depth limit (0 otherwise: without a count hook nothing counts them).
    public var instructions: Int
    /// The most bytes the state held.
    public var peakMemory: Int
    /// Bytes written to the output.
    public var bytesWritten: Int
    /// Seconds the run lasted on the host's clock.
    public var duration: Double
}
