/// The app's streams of emitted events. A stream asked for covers the next run the host starts
/// (or session input): the run takes the streams waiting when it begins, yields to them on the
/// host's thread, and finishes them when it ends, so `for await` ends with the run.
final class EmittedEventStreams: @unchecked Sendable {
    private let lock = Lock()
    /// Streams asked for since the last run began; any thread.
    private var waiting: [AsyncStream<EmittedEvent>.Continuation] = []
    /// The streams of the run under way; the host's thread only.
    private var current: [AsyncStream<EmittedEvent>.Continuation] = []

    /// A stream of the next run's emitted events, keeping the newest `limit` a slow reader has
    /// not taken.
    func subscribe(bufferingNewest limit: Int) -> AsyncStream<EmittedEvent> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: EmittedEvent.self, bufferingPolicy: .bufferingNewest(max(1, limit)))
        lock.withLock { waiting.append(continuation) }
        return stream
    }

    /// A run has taken the host's gate: it takes the waiting streams, which end with it however
    /// it ends (a behaviour that does not compile included).
    func begin() {
        current = lock.withLock {
            defer { waiting = [] }
            return waiting
        }
    }

    /// Whether the run under way has streams to yield to.
    var isListening: Bool { !current.isEmpty }

    /// Gives `event` to the run's streams.
    func yield(_ event: EmittedEvent) {
        for continuation in current { continuation.yield(event) }
    }

    /// The run has ended: its streams finish.
    func end() {
        for continuation in current { continuation.finish() }
        current = []
    }
}
