/// Seconds as reports print them: to the millisecond, always three decimals (`1.250`), as
/// JUnit's `time` attributes and the rehearsal's latencies are read.
package enum SecondsText {
    /// `value` seconds to the millisecond; what is negative or not finite reads as `0.000`.
    package static func milliseconds(_ value: Double) -> String {
        let millis = value.isFinite ? Int((min(max(0, value), 1e12) * 1000).rounded()) : 0
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
