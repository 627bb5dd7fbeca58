import CBehave

/// One chunk of a flight recording: the bytes C's journal wrote (``FlightRecorder/journal``) and
/// the host's own entries among them, each marked in the bytes where it happened. While it is the
/// recorder's current chunk the journal holds its state; ``settle(_:)`` reads it back.
final class RecordedChunk {
    /// How many bytes it holds.
    let capacity: Int
    private let bytes: UnsafeMutableRawPointer
    private var entries: [RecordedEntry] = []
    private var used = 0
    private var records = 0
    /// What it counts against the recorder's byte cap (about its length as JSON lines).
    private(set) var cost = 0

    init(capacity: Int) {
        self.capacity = capacity
        bytes = .allocate(byteCount: capacity, alignment: 8)
    }

    deinit { bytes.deallocate() }

    /// How many entries it holds once read: each journal record is a call and its answer.
    var entryCount: Int { entries.count + 2 * records }

    /// Empties it, to be opened again: a ring that drops its oldest chunk writes the next one
    /// into memory it has already touched.
    func clear() {
        entries.removeAll(keepingCapacity: true)
        used = 0
        records = 0
        cost = 0
    }

    /// Makes it the journal's chunk, full once it counts `costLimit`.
    func open(_ journal: UnsafeMutablePointer<behave_journal>, costLimit: Int) {
        let start = bytes.assumingMemoryBound(to: UInt8.self)
        journal.pointee.next = start
        journal.pointee.end = start + capacity
        journal.pointee.cost = 0
        journal.pointee.cost_limit = costLimit
        journal.pointee.records = 0
        // A call's open record stays in the chunk it started in.
        journal.pointee.open = nil
    }

    /// Reads back what the journal wrote into it so far; the journal goes on writing.
    func settle(_ journal: UnsafeMutablePointer<behave_journal>) {
        used = UnsafeMutableRawPointer(journal.pointee.next) - bytes
        cost = journal.pointee.cost
        records = journal.pointee.records
    }

    /// Whether the journal has written nothing into it.
    func isEmpty(in journal: UnsafeMutablePointer<behave_journal>) -> Bool {
        UnsafeMutableRawPointer(journal.pointee.next) == bytes
    }

    /// Adds one of the host's entries where the journal stands; false when it has no room.
    func add(_ entry: RecordedEntry, to journal: UnsafeMutablePointer<behave_journal>) -> Bool {
        guard let next = journal.pointee.next, next < journal.pointee.end else { return false }
        next.pointee = UInt8(BEHAVE_JOURNAL_ENTRY)
        journal.pointee.next = next + 1
        // A call under way keeps nothing more where it started: its place now holds this entry.
        journal.pointee.open = nil
        journal.pointee.cost += entry.estimatedBytes
        entries.append(entry)
        return true
    }

    /// Appends its entries, in order, to `out`; `names` are the actions' by number.
    func decode(into out: inout [RecordedEntry], names: [String]) {
        var reader = JournalReader(bytes: UnsafeRawBufferPointer(start: bytes, count: used))
        var next = 0
        while let tag = reader.byte() {
            if tag == UInt8(BEHAVE_JOURNAL_ENTRY) {
                if next < entries.count { out.append(entries[next]) }
                next += 1
                continue
            }
            let number = Int(reader.word())
            let count = Int(reader.byte() ?? 0)
            let name = number < names.count ? names[number] : "(action \(number))"
            out.append(.call(action: name, arguments: nil, async: nil))
            out.append(.returned((0..<count).map { _ in reader.value() }))
        }
    }
}

/// Reads a chunk's bytes as journal.c wrote them.
private struct JournalReader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    mutating func byte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func word() -> UInt32 {
        defer { offset += 4 }
        return bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
    }

    mutating func value() -> PlainValue {
        switch Int(byte() ?? 0) {
        case Int(BEHAVE_JOURNAL_FALSE): return .bool(false)
        case Int(BEHAVE_JOURNAL_TRUE): return .bool(true)
        case Int(BEHAVE_JOURNAL_INTEGER):
            defer { offset += 8 }
            return .integer(bytes.loadUnaligned(fromByteOffset: offset, as: Int64.self))
        case Int(BEHAVE_JOURNAL_FLOAT):
            defer { offset += 8 }
            return .number(bytes.loadUnaligned(fromByteOffset: offset, as: Double.self))
        case Int(BEHAVE_JOURNAL_STRING):
            let length = Int(word())
            defer { offset += length }
            return .string(String(decoding: bytes[offset..<(offset + length)], as: UTF8.self))
        default: return .null
        }
    }
}
