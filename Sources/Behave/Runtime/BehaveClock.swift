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
