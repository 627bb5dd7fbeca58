import CBehave

/// Notices a cancellation that a signal handler requested (``Cancellation/flagPointer``) for every
/// scheduler waiting for news, and wakes it: a handler may only set a flag, and a scheduler that
/// waits for events wakes for nothing else. One watcher looks at every waiting scheduler's flag
/// at each tick, so a thousand hosts waiting for events cost one timer, not a thousand. The tick
/// also writes out what an action still running printed meanwhile, which would otherwise wait in
/// the output's buffer until the scheduler next wakes.
enum CancelWatch {
    /// How often the watcher looks while any scheduler waits, in nanoseconds.
    static let tick: UInt64 = 100_000_000

    private static let lock = Lock()
    nonisolated(unsafe) private static var waiting:
        [ObjectIdentifier: (flag: CancelFlag, inbox: Inbox, output: OutputSink)] = [:]
    nonisolated(unsafe) private static var watcher: Task<Void, Never>?

    /// Watches `flag` for `inbox` until ``stop(_:)``; a flag already set wakes it at the next tick.
    static func start(_ inbox: Inbox, flag: CancelFlag, output: OutputSink) {
        lock.withLock {
            waiting[ObjectIdentifier(inbox)] = (flag, inbox, output)
            if watcher == nil { watcher = Task.detached(priority: .high) { await watch() } }
        }
    }

    /// Stops watching for `inbox`.
    static func stop(_ inbox: Inbox) {
        _ = lock.withLock { waiting.removeValue(forKey: ObjectIdentifier(inbox)) }
    }

    /// Ticks while anyone waits; the last tick with no one left ends the watcher.
    private static func watch() async {
        while true {
            try? await Task.sleep(nanoseconds: tick)
            let watched: [(flag: CancelFlag, inbox: Inbox, output: OutputSink)]? = lock.withLock {
                guard !waiting.isEmpty else {
                    watcher = nil
                    return nil
                }
                return Array(waiting.values)
            }
            guard let watched else { return }
            for entry in watched {
                entry.output.flush()
                if behave_flag_is_set(entry.flag.pointer) != 0 { entry.inbox.nudge() }
            }
        }
    }
}
