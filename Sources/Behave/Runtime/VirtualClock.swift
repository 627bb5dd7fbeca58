/// A clock that moves only when told to, so behaviours that wait for minutes run in
/// microseconds and always in the same order.
///
/// A host running on a virtual clock advances it itself whenever nothing else can happen:
/// no task ready, no action doing real work. Actions that sleep on the clock
/// (``ActionContext/sleep(_:)``) wake when it reaches their deadline.
///
/// ```swift
/// let clock = VirtualClock()
/// let host = try BehaveHost(modules: [], clock: clock)
/// try await host.run(Behaviour(name: "t.lua", source: "wait(3600) print('an hour later')"))
/// let now = clock.now  // 3600, reached at once
/// ```
public final class VirtualClock: BehaveClock, @unchecked Sendable {
    private struct Sleeper {
        let deadline: Double
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = Lock()
    private var current: Double
    private var sleepers: [Int: Sleeper] = [:]
    private var order = 0
    private var observers: [Int: @Sendable () -> Void] = [:]
    private var nextObserver = 0

    /// A clock reading `start` seconds.
    public init(start: Double = 0) { current = start }

    public var now: Double { lock.withLock { current } }

    public func sleep(until deadline: Double) async throws {
        let id: Int? = lock.withLock {
            guard deadline > current else { return nil }
            order += 1
            return order
        }
        guard let id else {
            try Task.checkCancellation()
            return
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let notify: [@Sendable () -> Void] = lock.withLock {
                    sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return Array(observers.values)
                }
                for observer in notify { observer() }
            }
        } onCancel: {
            let sleeper = lock.withLock { sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward to `time` (never back) and wakes, in deadline order, every
    /// sleeper whose deadline has come.
    public func advance(to time: Double) {
        let due: [Sleeper] = lock.withLock {
            if time > current { current = time }
            // Ids grow with each sleep, so ties wake in the order they fell asleep.
            let due = sleepers.filter { $0.value.deadline <= current }
                .sorted { ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key) }
            for (id, _) in due { sleepers[id] = nil }
            return due.map(\.value)
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Moves the clock forward by `seconds`.
    public func advance(by seconds: Double) { advance(to: now + seconds) }

    /// How many tasks are asleep on this clock.
    public var sleeperCount: Int { lock.withLock { sleepers.count } }

    /// The earliest deadline of a sleeping task.
    public var nextDeadline: Double? { lock.withLock { sleepers.values.map(\.deadline).min() } }

    /// Calls `body` (from the sleeping task's thread) each time a task starts sleeping.
    func observe(_ body: @escaping @Sendable () -> Void) -> Int {
        lock.withLock {
            nextObserver += 1
            observers[nextObserver] = body
            return nextObserver
        }
    }

    func stopObserving(_ token: Int) {
        _ = lock.withLock { observers.removeValue(forKey: token) }
    }
}
