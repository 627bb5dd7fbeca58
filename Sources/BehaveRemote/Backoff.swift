#if Remote
    import Behave

    /// When the next attempt at a server may be made (a send to a health collector, a live
    /// connection): after `n` failures in a row, the wait is `min(cap, base × 2^(n-1))` times a
    /// factor drawn uniformly between 0.5 and 1, so that devices that lost the server together do
    /// not come back together. A success starts again from nothing. The package's one backoff.
    public struct Backoff: Sendable, Equatable {
        /// The first wait, in seconds.
        public var base: Double
        /// The longest wait, in seconds.
        public var cap: Double
        /// Failures in a row since the last success.
        public var failures: Int
        /// The time (seconds since 1970) before which no send is tried; 0 for none.
        public var notBefore: Double

        /// A backoff with `failures` behind it.
        public init(base: Double = 1, cap: Double = 300, failures: Int = 0, notBefore: Double = 0) {
            self.base = base
            self.cap = cap
            self.failures = failures
            self.notBefore = notBefore
        }

        /// The range the jitter factor is drawn from.
        public static let jitter: ClosedRange<Double> = 0.5...1.0

        /// The wait after `failures` failures in a row, before jitter: 0 for none,
        /// `min(cap, base × 2^(failures-1))` otherwise. A negative or non-number base or cap counts as 0.
        public static func delay(afterFailures failures: Int, base: Double, cap: Double) -> Double {
            guard failures > 0 else { return 0 }
            let base = base.isNaN ? 0 : max(0, base)
            let cap = cap.isNaN ? 0 : max(0, cap)
            // 2^(n-1) built from its exponent: exact, and infinite (then capped) rather than a trap.
            let doubling = Double(sign: .plus, exponent: min(failures - 1, 2000), significand: 1)
            return min(cap, base * doubling)
        }

        /// Whether a send may be tried at `now`.
        public func allows(at now: Double) -> Bool { now >= notBefore }

        /// Counts a failure at `now`, and returns the wait before the next try: the delay for the
        /// failures so far times `jitter`, a factor in ``jitter`` (one outside it is taken to its
        /// nearest bound).
        @discardableResult
        public mutating func recordFailure(at now: Double, jitter: Double) -> Double {
            failures = failures < Int.max ? failures + 1 : failures
            let factor = jitter.isNaN ? Self.jitter.upperBound : Self.jitter.clamped(jitter)
            let wait = Self.delay(afterFailures: failures, base: base, cap: cap) * factor
            notBefore = now + wait
            return wait
        }

        /// Counts a failure at `now`, with a jitter factor drawn uniformly from ``jitter`` by `random`.
        @discardableResult
        public mutating func recordFailure(at now: Double, using random: inout some RandomNumberGenerator) -> Double {
            recordFailure(at: now, jitter: Double.random(in: Self.jitter, using: &random))
        }

        /// Counts a failure at `now`, with the system's random numbers for the jitter.
        @discardableResult
        public mutating func recordFailure(at now: Double) -> Double {
            var random = SystemRandomNumberGenerator()
            return recordFailure(at: now, using: &random)
        }

        /// Counts a success: the next send may be tried at once.
        public mutating func recordSuccess() {
            failures = 0
            notBefore = 0
        }
    }

    extension ClosedRange<Double> {
        /// `value`, or the bound nearest to it.
        fileprivate func clamped(_ value: Double) -> Double { Swift.min(Swift.max(value, lowerBound), upperBound) }
    }
#endif
