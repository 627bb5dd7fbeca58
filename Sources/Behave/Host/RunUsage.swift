/// What a run used, whether it finished or not (``BehaveHost/lastRun``).
public struct RunUsage: Sendable, Equatable {
    /// VM instructions counted over all its run slices, in steps of the hook interval (only with
    /// an instruction or depth limit; see ``RunReport/instructions``).
    public var instructions = 0
    /// The most bytes the state held.
    public var peakMemory = 0
    /// Bytes written to the output.
    public var bytesWritten = 0
    /// Seconds it lasted on the host's clock.
    public var duration: Double = 0
}
