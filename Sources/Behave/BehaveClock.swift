/// Where a behaviour's time comes from: `wait`, `after`, `every`, `wait_for` timeouts, the
/// events file's delays and the duration limit all read it.
///
/// The tool uses ``SystemClock``; tests and `behave run --fast` use ``VirtualClock``, on
/// which waiting takes no real time.
public protocol BehaveClock: AnyObject, Sendable {
    /// Seconds since the clock started.
    var now: Double { get }
    /// Suspends the caller until ``now`` reaches `deadline`. Throws `CancellationError` when
    /// the calling task is cancelled.
    func sleep(until deadline: Double) async throws
}

extension BehaveClock {
    /// Suspends the caller for `seconds` of this clock's time.
    public func sleep(for seconds: Double) async throws {
        try await sleep(until: now + seconds)
    }
}

/// Real, monotonic time.
public final class SystemClock: BehaveClock {
    private let origin = ContinuousClock.now

    /// A clock whose zero is now.
    public init() {}

    public var now: Double {
        let elapsed = ContinuousClock.now - origin
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    public func sleep(until deadline: Double) async throws {
        let delay = deadline - now
        if delay <= 0 { try Task.checkCancellation(); return }
        try await Task.sleep(until: origin + .nanoseconds(Int64(deadline * 1e9)), clock: .continuous)
    }
}
