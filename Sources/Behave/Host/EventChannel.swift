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

    /// Asks the run reading this channel to end, so that another behaviour (a new copy) takes
    /// its place on the same channel: at once (`.now`), or (`.whenIdle`) once no task is ready
    /// and no action is in flight, after the behaviour's handlers of ``HandOver/reloadEvent``
    /// have had `notice` and run. The run then ends with ``Finish/handedOver``, and the events it
    /// had not delivered wait here for the next run, in order. The next run goes on with this
    /// one: its duration limit (``Limits/duration``) counts from this run's start (the first of a
    /// chain of hand-overs), not its own. Returns false, and asks nothing, when no run reads the
    /// channel.
    @discardableResult
    public func handOver(_ moment: HandOver.Moment, notice: PlainValue = .null) -> Bool {
        state.handOver(HandOver(moment: moment, notice: notice))
    }

    /// Attaches a run's inbox; returns how long the runs that handed the channel over to it had
    /// run (the whole chain of hand-overs, in seconds of their hosts' clocks), 0 when the last run
    /// on the channel did not hand over.
    func attach(_ inbox: Inbox) -> Double { state.attach(inbox) }

    /// Detaches the run's inbox: `kept` (what a run that handed over had not delivered), then the
    /// events and the end still in the inbox, wait for the next run, before anything sent after.
    /// `elapsed` is how long a run that handed over had run (its chain's too), which the next
    /// run goes on from; nil for a run that did not hand over.
    func detach(_ inbox: Inbox, keeping kept: [Inbox.Message] = [], elapsed: Double? = nil) {
        state.detach(inbox, keeping: kept, elapsed: elapsed)
    }

    private final class Guarded: @unchecked Sendable {
        private let lock = Lock()
        private var inbox: Inbox?
        private var backlog: [Inbox.Message] = []
        private var finished = false
        /// How long the chain of runs that handed the channel over has run.
        private var elapsed = 0.0

        // Posted under the lock (the order is always the channel's lock, then the inbox's), so
        // that a run detaching cannot leave a message in an inbox no one reads any more.
        func deliver(_ message: Inbox.Message) {
            lock.withLock {
                if finished { return }
                if case .eventsEnded = message { finished = true }
                if let inbox { inbox.post(message) } else { backlog.append(message) }
            }
        }

        var waiting: Int {
            let (inbox, held) = lock.withLock { (self.inbox, backlog.count) }
            guard let inbox else { return held }
            return held + inbox.count { if case .event = $0 { true } else { false } }
        }

        /// Posts the request to the attached inbox; false when there is none.
        func handOver(_ request: HandOver) -> Bool {
            lock.withLock {
                guard let inbox else { return false }
                // Ended at rest, the run first gives the behaviour's handlers the notice.
                let farewell =
                    request.moment == .whenIdle ? TimedEvent(HandOver.reloadEvent, data: request.notice) : nil
                inbox.post(.end(EndRequest(atOnce: request.moment == .now, farewell: farewell)))
                return true
            }
        }

        func attach(_ inbox: Inbox) -> Double {
            lock.withLock {
                self.inbox = inbox
                defer { elapsed = 0 }
                // The end, once said, holds for every run: one that ended before taking it must
                // not leave the next waiting for it.
                if finished, !backlog.contains(where: { if case .eventsEnded = $0 { true } else { false } }) {
                    backlog.append(.eventsEnded)
                }
                // Under the lock, so an event sent meanwhile cannot overtake the backlog.
                inbox.post(contentsOf: backlog)
                backlog = []
                return elapsed
            }
        }

        func detach(_ old: Inbox, keeping kept: [Inbox.Message], elapsed: Double?) {
            lock.withLock {
                guard inbox === old else { return }
                inbox = nil
                self.elapsed = elapsed ?? 0
                let left = old.take().filter { message in
                    switch message {
                    case .event, .eventsEnded: true
                    case .completed, .end: false
                    }
                }
                backlog = kept + left + backlog
            }
        }
    }
}
