import BehaveLua

/// Where a behaviour's output goes, with the output limit applied to every byte written by
/// `print` and by modules. Safe to use from async actions on other threads.
public final class OutputSink: @unchecked Sendable {
    /// Receives output text (stdout in the tool). Write through ``write(_:)``, which counts.
    private let destination: (String) -> Void
    private let report: (String) -> Void
    private let pushOut: () -> Void
    private let lock = Lock()
    private var written = 0
    private var maximum: Int
    private var recorder: FlightRecorder?
    private var caller = "behave"

    /// Creates a sink. `write` receives output, `diagnostic` warnings and reports; `flush`, called
    /// whenever the behaviour waits, passes on what `write` may have buffered.
    public init(
        limit: Int = 0, write: @escaping (String) -> Void, diagnostic: @escaping (String) -> Void,
        flush: @escaping () -> Void = {}
    ) {
        self.maximum = limit
        self.destination = write
        self.report = diagnostic
        self.pushOut = flush
    }

    /// The process's stdout and stderr.
    static func standard() -> OutputSink {
        OutputSink(
            write: { Swift.print($0, terminator: "") },
            diagnostic: { StandardError.write($0 + "\n") },
            flush: { StandardOutput.flush() })
    }

    /// Passes on buffered output: the scheduler calls it before the behaviour waits, so a person
    /// watching the output (or a file it goes to) sees it while the behaviour sleeps.
    public func flush() { lock.withLock { pushOut() } }

    /// Who the host's own reports (a handler that failed) are from, as their prefix: `NAME: …`.
    /// "behave" unless the app gives its own, as a team's tool gives its name.
    public var name: String {
        get { lock.withLock { caller } }
        set { lock.withLock { caller = newValue } }
    }

    /// Bytes written so far.
    public var bytesWritten: Int { lock.withLock { written } }

    /// The most bytes a run may write; 0 for no limit.
    public var limit: Int {
        get { lock.withLock { maximum } }
        set { lock.withLock { maximum = newValue } }
    }

    /// Writes text, or throws `LuaTermination` for the output limit (nothing written).
    public func write(_ text: String) throws { try write(text, recorded: false) }

    /// Writes an action's text as ``write(_:)`` does, and records it: a replay writes it where the
    /// action wrote it, as no module code runs there.
    func writeFromAction(_ text: String) throws { try write(text, recorded: true) }

    private func write(_ text: String, recorded: Bool) throws {
        try lock.withLock {
            let count = text.utf8.count
            if maximum > 0, written + count > maximum {
                throw LuaTermination(.output)
            }
            written += count
            destination(text)
            if recorded { recorder?.note(text) }
        }
    }

    /// Where actions' output is recorded during a run, from whichever thread they write on.
    func record(into recorder: FlightRecorder?) { lock.withLock { self.recorder = recorder } }

    /// Writes a diagnostic line (stderr in the tool); not counted.
    public func diagnostic(_ line: String) {
        lock.withLock { report(line) }
    }

    /// Starts counting again for a new run.
    public func reset() { lock.withLock { written = 0 } }
}
