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

    /// The events not yet delivered, first first.
    var remaining: [TimedEvent] { items[head...].map(\.event) }
    var nextTime: Double? { isEmpty ? nil : items[head].at }

    /// Up to `limit` events due by `now`, first first. They stay queued until ``drop(_:)``.
    func due(by now: Double, limit: Int) -> [TimedEvent] {
        var events: [TimedEvent] = []
        var index = head
        while index < items.count, events.count < limit, items[index].at <= now {
            events.append(items[index].event)
            index += 1
        }
        return events
    }

    /// Removes the first `count` events.
    mutating func drop(_ count: Int) {
        head += count
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        }
    }
}
