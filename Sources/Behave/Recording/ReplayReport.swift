/// How a replay (``BehaveHost/replay(_:behaviour:output:trusted:limits:cancellation:)``) went.
public struct ReplayReport: Sendable {
    /// How the replayed run ended.
    public var outcome: RecordedOutcome
    /// The error it ended with, as a run throws it (nil when it ended well, or diverged).
    public var error: BehaveError?
    /// Where the script left the recording, if it did: the replay stopped there.
    public var divergence: ReplayDivergence?
    /// Entries the recording lacks, cut by its byte cap: the replay ran the part before the cut.
    public var lacking: Int
    /// How the recorded run ended (nil when the recording does not say).
    public var recorded: RecordedOutcome?
    /// Whether the copy replayed is the one recorded (same digest).
    public var sameCopy: Bool
    /// The arguments the copy gave the calls recorded without theirs, by entry index.
    var filled: [Int: [PlainValue]] = [:]

    /// Whether the replay ended exactly as the recorded run did.
    public var matches: Bool {
        divergence == nil && lacking == 0 && recorded == outcome
    }
}
