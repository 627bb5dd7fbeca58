/// What an action may use of the host while it runs: the output sink (counted against the
/// output limit), the diagnostics stream and the host's clock. Async actions may use it from
/// any thread.
public struct ActionContext: Sendable {
    let output: OutputSink
    /// The host's clock (virtual in tests and under `behave run --fast`).
    public let clock: any BehaveClock
    /// What the host reports calls to, and where the flight recorder keeps results.
    @usableFromInline let tracer: Tracer

    /// Writes one line to the behaviour's output (stdout in the tool), like `print`.
    /// Throws when the output limit is reached; let it propagate.
    public func print(_ line: String) throws {
        try output.writeFromAction(line + "\n")
    }

    /// Writes a warning line to the host's diagnostics (stderr in the tool).
    public func warn(_ line: String) {
        output.diagnostic("warning: " + line)
    }

    /// Waits `seconds` on the host's clock (no real time on a virtual clock).
    public func sleep(_ seconds: Double) async throws {
        try await clock.sleep(for: seconds)
    }
}
