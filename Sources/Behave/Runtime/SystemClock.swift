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
        if delay <= 0 {
            try Task.checkCancellation()
            return
        }
        try await Task.sleep(until: origin + .nanoseconds(Int64(deadline * 1e9)), clock: .continuous)
    }
}
