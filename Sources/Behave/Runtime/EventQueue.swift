/// Events waiting for their time: each is due `after` seconds after the one before it (the
/// first after the start), or when it arrived if that is later.
struct EventQueue {
    private var items: [(at: Double, event: TimedEvent)] = []
    private var head = 0
    private var lastAt: Double

    init(start: Double) { lastAt = start }

    mutating func append(_ event: TimedEvent, arrivedAt now: Double) {
        lastAt = max(lastAt + event.after, now)
        items.append((lastAt, event))
    }

    var isEmpty: Bool { head == items.count }
    var nextTime: Double? { isEmpty ? nil : items[head].at }

    mutating func next(dueBy now: Double) -> TimedEvent? {
        guard !isEmpty, items[head].at <= now else { return nil }
        defer {
            head += 1
            if head == items.count {
                items.removeAll(keepingCapacity: true)
                head = 0
            }
        }
        return items[head].event
    }
}
