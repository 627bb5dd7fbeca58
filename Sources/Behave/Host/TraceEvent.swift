/// One thing a behaviour did, as an observer sees it (``BehaveHost/observer``, `behave run --trace`):
/// a module action called, an event delivered, a timer fired. Values are JSON text.
public struct TraceEvent: Sendable, Equatable {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// `module.action(arguments…)` returned `results`, or failed with `error`, after `duration`
        /// real seconds (an async action: from its start to its end).
        case action(
            module: String, action: String, arguments: [String], results: [String], error: String?, duration: Double)
        /// The event `name` reached the behaviour's handlers and waiters.
        case event(name: String, payload: String)
        /// A timer of `after` or `every` fired; `timer` is its handle's description (`every 5s`).
        case timer(String)
        /// The event `name` arrived from outside and no handler or waiter wanted it: it was dropped.
        case unhandled(name: String)
    }

    /// Seconds since the run started, on the host's clock (the behaviour's `now()`).
    public var time: Double
    /// What happened.
    public var kind: Kind

    /// One JSON object on one line: `{"t":0.5,"type":"action","module":…,"action":…,"args":[…],
    /// "results":[…],"error":null,"duration":…}`, `{"t":…,"type":"event","name":…,"payload":…}`,
    /// `{"t":…,"type":"timer","timer":…}`, `{"t":…,"type":"unhandled","name":…}`.
    public var jsonLine: String {
        let time = "{\"t\":\(Self.number(self.time)),"
        switch kind {
        case .action(let module, let action, let arguments, let results, let error, let duration):
            return time
                + "\"type\":\"action\",\"module\":\(JSONText.quoted(module)),\"action\":\(JSONText.quoted(action)),"
                + "\"args\":[\(arguments.joined(separator: ","))],\"results\":[\(results.joined(separator: ","))],"
                + "\"error\":\(error.map(JSONText.quoted) ?? "null"),\"duration\":\(Self.number(duration))}"
        case .event(let name, let payload):
            return time + "\"type\":\"event\",\"name\":\(JSONText.quoted(name)),\"payload\":\(payload)}"
        case .timer(let timer):
            return time + "\"type\":\"timer\",\"timer\":\(JSONText.quoted(timer))}"
        case .unhandled(let name):
            return time + "\"type\":\"unhandled\",\"name\":\(JSONText.quoted(name))}"
        }
    }

    /// Up to microseconds, with no exponent: JSON numbers a reader parses as written.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        // Past this, microseconds no longer fit an Int64 (and a Double has none to show).
        guard value.magnitude < 1e12 else { return "\(value)" }
        let micros = (value * 1_000_000).rounded()
        let whole = Int64(micros / 1_000_000)
        let fraction = Int64(abs(micros.truncatingRemainder(dividingBy: 1_000_000)))
        guard fraction != 0 else { return "\(whole)" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 6 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return (value < 0 && whole == 0 ? "-" : "") + "\(whole).\(digits)"
    }
}
