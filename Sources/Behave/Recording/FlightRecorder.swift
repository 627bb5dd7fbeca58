import BehaveLua
import CBehave

/// Keeps what a run consumes (``RecordedEntry``) within a byte cap.
///
/// A replay starts where the run started, so the first half of the cap keeps the run's beginning;
/// the second half is a ring of its latest entries, the ones nearest a failure. What falls out of
/// the ring between them is counted, and becomes one ``RecordedEntry/gap(entries:bytes:)``.
///
/// Entries go into chunks. An action call that returns plain values is the hottest thing a run
/// records, so C copies it into the current chunk as bytes (``journal``) and it becomes entries
/// only when the recording is read; the host's own entries sit beside the bytes, in order. The
/// cap keeps and drops whole chunks. The host's thread writes chunks; an action's output may
/// arrive from any thread, so it waits as a note, under the lock, for the host's thread to file it.
final class FlightRecorder: @unchecked Sendable {
    /// Where C writes the current chunk's records.
    let journal: UnsafeMutablePointer<behave_journal>
    /// The actions' names, by the numbers their records carry.
    var actionNames: [String] = []
    private let lock = Lock()
    private var notes: [String] = []
    private let headLimit: Int
    private let tailLimit: Int
    private let chunkCost: Int
    private var current: RecordedChunk
    private var head: [RecordedChunk] = []
    private var headCost = 0
    private var tail: [RecordedChunk] = []
    private var tailCost = 0
    private var dropped = 0
    private var droppedBytes = 0

    /// A recorder that keeps about `byteLimit` bytes of entries.
    init(byteLimit: Int) {
        headLimit = max(byteLimit / 2, 1)
        tailLimit = max(byteLimit - headLimit, 1)
        // Small chunks for a small cap, so that it keeps and drops in fine steps.
        chunkCost = min(max(byteLimit / 16, 256), 64 << 10)
        journal = .allocate(capacity: 1)
        journal.initialize(to: behave_journal())
        current = RecordedChunk(capacity: min(2 * chunkCost, 4096))
        current.open(journal, costLimit: chunkCost)
    }

    deinit {
        journal.deinitialize(count: 1)
        journal.deallocate()
    }

    /// Records one of the host's entries, on the host's thread.
    func append(_ entry: RecordedEntry) {
        lock.withLock {
            fileNotes()
            put(entry)
        }
    }

    /// Records what an action wrote, from any thread: it takes its place at the host's next entry.
    func note(_ text: String) {
        lock.withLock {
            notes.append(text)
            behave_journal_note(journal)
        }
    }

    /// Records that action `number` (`name`) returned the `count` values on top of `stack`, when
    /// the journal answered `kept` (0 or -1, as `behave_journal_returned`): after the notes that
    /// stopped it, in a fresh chunk if it was full, else as values copied in Swift.
    func returned(_ name: String, number: Int32, cost: Int32, stack: LuaStack, count: Int32, kept: Int32) {
        lock.withLock {
            var kept = kept
            if fileNotes() { kept = behave_journal_returned(journal, stack.pointer, number, count, cost) }
            // Only a chunk that is full is sealed: a value that is not plain fits no chunk better.
            if kept < 0, !current.isEmpty(in: journal) {
                seal()
                kept = behave_journal_returned(journal, stack.pointer, number, count, cost)
            }
            if kept > 0 { return }
            put(.call(action: name, arguments: nil, async: nil))
            put(.returned(Tracer.plain(stack, from: stack.count - count + 1, count: count)))
        }
    }

    /// The notes waiting, as output entries; whether there were any.
    @discardableResult
    private func fileNotes() -> Bool {
        guard !notes.isEmpty else { return false }
        let waiting = notes
        notes = []
        behave_journal_clear_note(journal)
        for text in waiting { put(.output(text)) }
        return true
    }

    private func put(_ entry: RecordedEntry) {
        if !current.add(entry, to: journal) {
            seal()
            _ = current.add(entry, to: journal)
        }
        if journal.pointee.cost >= journal.pointee.cost_limit { seal() }
    }

    /// Closes the current chunk into the head or the ring, and opens a new one.
    private func seal() {
        current.settle(journal)
        if tail.isEmpty, dropped == 0, headCost + current.cost <= headLimit {
            head.append(current)
            headCost += current.cost
        } else {
            tail.append(current)
            tailCost += current.cost
        }
        let capacity = min(2 * chunkCost, current.capacity * 2)
        var recycled: RecordedChunk?
        while tailCost > tailLimit, !tail.isEmpty {
            let oldest = tail.removeFirst()
            tailCost -= oldest.cost
            dropped += oldest.entryCount
            droppedBytes += oldest.cost
            if oldest.capacity == capacity { recycled = oldest }
        }
        recycled?.clear()
        current = recycled ?? RecordedChunk(capacity: capacity)
        current.open(journal, costLimit: chunkCost)
    }

    /// What was kept, in order, with the gap where entries were dropped. An event's delay in its
    /// events file is not kept: the entry says when it was delivered.
    var entries: [RecordedEntry] {
        lock.withLock {
            fileNotes()
            current.settle(journal)
            var entries: [RecordedEntry] = []
            for chunk in head { chunk.decode(into: &entries, names: actionNames) }
            if dropped > 0 { entries.append(.gap(entries: dropped, bytes: droppedBytes)) }
            for chunk in tail + [current] { chunk.decode(into: &entries, names: actionNames) }
            return entries.map { entry in
                guard case .deliver(let at, let events) = entry, events.contains(where: { $0.after != 0 }) else {
                    return entry
                }
                return .deliver(at: at, events: events.map { TimedEvent($0.name, data: $0.data) })
            }
        }
    }
}
