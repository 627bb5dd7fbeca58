/// Keeps what a run consumes (``RecordedEntry``) within a byte cap.
///
/// A replay starts where the run started, so the first half of the cap keeps the run's beginning;
/// the second half is a ring of its latest entries, the ones nearest a failure. What falls out of
/// the ring between them is counted, and becomes one ``RecordedEntry/gap(entries:bytes:)``. The
/// host's thread appends; an async action's output arrives from any thread, hence the lock.
final class FlightRecorder: @unchecked Sendable {
    private let lock = Lock()
    private let headLimit: Int
    private let tailLimit: Int
    private var head: [RecordedEntry] = []
    private var headBytes = 0
    /// The ring: `tail[tailStart...]` in order, compacted when half of it is spent.
    private var tail: [(entry: RecordedEntry, bytes: Int)] = []
    private var tailStart = 0
    private var tailBytes = 0
    private var dropped = 0
    private var droppedBytes = 0

    /// A recorder that keeps about `byteLimit` bytes of entries.
    init(byteLimit: Int) {
        headLimit = max(byteLimit / 2, 1)
        tailLimit = max(byteLimit - headLimit, 1)
    }

    func append(_ entry: RecordedEntry) {
        let bytes = entry.estimatedBytes
        lock.withLock {
            if tail.isEmpty, dropped == 0, headBytes + bytes <= headLimit {
                head.append(entry)
                headBytes += bytes
                return
            }
            tail.append((entry, bytes))
            tailBytes += bytes
            while tailBytes > tailLimit, tailStart < tail.count {
                tailBytes -= tail[tailStart].bytes
                dropped += 1
                droppedBytes += tail[tailStart].bytes
                tailStart += 1
            }
            if tailStart > 64, tailStart * 2 > tail.count {
                tail.removeFirst(tailStart)
                tailStart = 0
            }
        }
    }

    /// What was kept, in order, with the gap where entries were dropped. An event's delay in its
    /// events file is not kept: the entry says when it was delivered.
    var entries: [RecordedEntry] {
        lock.withLock {
            var entries = head
            if dropped > 0 { entries.append(.gap(entries: dropped, bytes: droppedBytes)) }
            entries += tail[tailStart...].map(\.entry)
            return entries.map { entry in
                guard case .deliver(let at, let events) = entry, events.contains(where: { $0.after != 0 }) else {
                    return entry
                }
                return .deliver(at: at, events: events.map { TimedEvent($0.name, data: $0.data) })
            }
        }
    }
}
