/// What reaches a running behaviour from other threads: finished async actions, events from
/// the app or stdin, a nudge to look again. The scheduler drains it on the host's thread.
final class Inbox: @unchecked Sendable {
    enum Message {
        case completed(id: Int, Result<ActionResult, any Error>)
        case event(String, PlainValue, after: Double)
        case eventsEnded
        /// The run is asked to end early (``EndRequest``): boxed, as it is rare, so that the
        /// messages every event and answer is copied as stay as small as they were.
        indirect case end(EndRequest)
    }

    private let lock = Lock()
    private var messages: [Message] = []
    private var waiter: CheckedContinuation<Void, Never>?
    private var nudged = false
    private var askedToEnd = false

    func post(_ message: Message) {
        post(contentsOf: CollectionOfOne(message))
    }

    /// Posts `batch` in order under one lock: a channel's backlog of events sent before the run.
    func post(contentsOf batch: some Collection<Message>) {
        let waiter: CheckedContinuation<Void, Never>? = lock.withLock {
            if batch.contains(where: { if case .end = $0 { true } else { false } }) { askedToEnd = true }
            messages.append(contentsOf: batch)
            defer { self.waiter = nil }
            return self.waiter
        }
        waiter?.resume()
    }

    /// Wakes the scheduler without a message (a timer fell due, a clock moved, cancellation).
    func nudge() {
        let waiter: CheckedContinuation<Void, Never>? = lock.withLock {
            if self.waiter == nil { nudged = true }
            defer { self.waiter = nil }
            return self.waiter
        }
        waiter?.resume()
    }

    func take() -> [Message] {
        lock.withLock {
            // Handed over, not copied: the array of a backlog may hold a million events.
            let taken = messages
            messages = []
            askedToEnd = false
            return taken
        }
    }

    var isEmpty: Bool { lock.withLock { messages.isEmpty } }

    /// Whether a request to end the run waits here: the scheduler looks between two batches of events.
    var holdsEndRequest: Bool { lock.withLock { askedToEnd } }

    /// How many waiting messages match.
    func count(where matches: (Message) -> Bool) -> Int {
        lock.withLock { messages.reduce(0) { $0 + (matches($1) ? 1 : 0) } }
    }

    /// Suspends until a message is posted or ``nudge()`` is called (returns at once when one
    /// already was). Blocks no thread.
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready: Bool = lock.withLock {
                if !messages.isEmpty || nudged {
                    nudged = false
                    return true
                }
                waiter = continuation
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
