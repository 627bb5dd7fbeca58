/// How an app hands events to a running behaviour, from any thread: a push notification
/// handler, a socket, a test.
///
/// ```swift
/// let events = EventChannel()
/// async let report = host.run(behaviour, events: events)
/// events.send("KEYNOTE_START")
/// events.send("VOTE_TRAIN_START", ["destinations": ["Bordeaux", "Lyon"]])
/// events.finish()  // nothing more will come: the behaviour may finish
/// ```
///
/// While a channel is open, a behaviour whose handlers are waiting for events keeps running;
/// ``finish()`` lets it end once nothing else is pending.
public final class EventChannel: Sendable {
    private let state = Guarded()

    /// An open channel with nothing sent yet.
    public init() {}

    /// Delivers `name` with `payload` to the behaviour's `on`/`once` handlers and `wait_for`
    /// waiters, `after` seconds (of the host's clock) after the previous event sent here, or
    /// as soon as it arrives if that is later. Events sent before the run starts are kept and
    /// delivered first; events sent after ``finish()`` are dropped.
    public func send(_ name: String, _ payload: PlainValue = .null, after: Double = 0) {
        state.deliver(.event(name, payload, after: max(0, after.isFinite ? after : 0)))
    }

    /// Says that no more events will come.
    public func finish() {
        state.deliver(.eventsEnded)
    }

    /// How many events sent here wait for the behaviour to take them: those sent before the run
    /// started, or that arrived while it was busy. A source that outpaces the behaviour (a live
    /// server) waits while this is high, so that nothing grows without a bound.
    public var waiting: Int { state.waiting }

    func attach(_ inbox: Inbox) { state.attach(inbox) }
    func detach() { state.attach(nil) }

    private final class Guarded: @unchecked Sendable {
        private let lock = Lock()
        private var inbox: Inbox?
        private var backlog: [Inbox.Message] = []
        private var finished = false

        func deliver(_ message: Inbox.Message) {
            let target: Inbox? = lock.withLock {
                if finished { return nil }
                if case .eventsEnded = message { finished = true }
                if inbox == nil { backlog.append(message) }
                return inbox
            }
            target?.post(message)
        }

        var waiting: Int {
            let (inbox, held) = lock.withLock { (self.inbox, backlog.count) }
            guard let inbox else { return held }
            return held + inbox.count { if case .event = $0 { true } else { false } }
        }

        func attach(_ inbox: Inbox?) {
            lock.withLock {
                self.inbox = inbox
                guard let inbox else { return }
                // Under the lock, so an event sent meanwhile cannot overtake the backlog.
                inbox.post(contentsOf: backlog)
                backlog = []
            }
        }
    }
}
