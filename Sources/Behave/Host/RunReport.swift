import BehaveLua

/// What a finished run reports.
public struct RunReport {
    /// What the main chunk returned.
    public var results: [LuaValue]
    /// How the run ended.
    public var finish: Finish
    /// Event handlers and timers that failed (each reported on the diagnostics) while the
    /// behaviour went on.
    public var failedTasks: Int
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
