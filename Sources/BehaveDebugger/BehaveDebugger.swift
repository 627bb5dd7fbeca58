import Behave
import BehaveLua
import CBehaveTools

/// A debugger attached to a host as one of its features (`BehaveHost(…, features: [debugger])`): breakpoints, steps and pauses,
/// and reads of the run while it is stopped. `behave debug` speaks the Debug Adapter Protocol
/// over it; an app can drive it directly.
///
/// The run stops on its own thread, inside the host's hook, and waits there: ``read(_:)`` hands
/// that thread the reads, ``resume(_:)`` lets it go on. While it is stopped its clock stands
/// still and the time is not charged to its limits. Without a debugger a host has no hook.
public final class BehaveDebugger: @unchecked Sendable {
    /// What the run tells the debugger's user, from the run's thread.
    public enum Event: Sendable {
        /// The run stopped: ``read(_:)`` reads it until ``resume(_:)``.
        case stopped(DebugStop)
        /// A task started (its id and what started it).
        case taskStarted(Int, String)
        /// A log point's message.
        case log(String)
    }

    /// The C side (debugger.c), made with this object's address for its callback.
    private(set) var handle: OpaquePointer!
    let onEvent: @Sendable (Event) -> Void
    let condition = Condition()
    // Under `condition`:
    /// By file, then line: each breakpoint and how often it has been hit since it was set.
    var breakpoints: [String: [Int: (breakpoint: DebugBreakpoint, hits: Int)]] = [:]
    var stepping: (how: DebugResume, state: OpaquePointer, depth: Int)?
    var pauseAsked = false
    var stoppedState: StoppedBehaviour?
    var work: [() -> Void] = []
    var resumeWith: DebugResume?
    var detached = false
    var stopsOnErrors = false
    var pausedSeconds = 0.0
    // The run's thread only:
    var sourcePaths: [String: String] = [:]

    /// A debugger that tells `onEvent` when the run stops, a task starts, a log point writes.
    public init(onEvent: @escaping @Sendable (Event) -> Void) {
        self.onEvent = onEvent
        handle = behave_debugger_new(debugCallback, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { behave_debugger_free(handle) }

    /// The seconds the run has spent stopped, which its clock leaves out.
    public var stoppedSeconds: Double { condition.withLock { pausedSeconds } }

    /// Sets the breakpoints of the file at `path` (what was there goes); returns the lines set.
    @discardableResult
    public func setBreakpoints(_ list: [DebugBreakpoint], in path: String) -> [Int] {
        let key = LexicalPath.absolute(path)
        return condition.withLock {
            breakpoints[key] = Dictionary(
                list.filter { $0.line > 0 }.map { ($0.line, (breakpoint: $0, hits: 0)) }, uniquingKeysWith: { $1 })
            remark()
            return list.map(\.line).filter { $0 > 0 }
        }
    }

    /// Whether the run stops at an error nothing caught, and at a limit about to fire.
    public func stopAt(errors: Bool, limits: Bool) {
        condition.withLock { stopsOnErrors = errors }
        behave_debugger_report_limits(handle, limits ? 1 : 0)
    }

    /// Stops the run at the next line it runs.
    public func pause() {
        condition.withLock {
            pauseAsked = true
            behave_debugger_every_line(handle, 1)
        }
    }

    /// Lets a stopped run go on, `how`.
    public func resume(_ how: DebugResume = .proceed) {
        condition.withLock {
            guard stoppedState != nil else { return }
            resumeWith = how
            condition.broadcast()
        }
    }

    /// Never stops again, and lets a stopped run go on: what a disconnecting client leaves.
    public func detach() {
        condition.withLock {
            detached = true
            breakpoints = [:]
            pauseAsked = false
            stepping = nil
            remark()
            behave_debugger_report_limits(handle, 0)
            if stoppedState != nil { resumeWith = .proceed }
            condition.broadcast()
        }
    }

    /// Runs `body` on the run's thread while it is stopped, and returns what it returns; nil when
    /// the run is not stopped (or goes on before the body's turn).
    public func read<T: Sendable>(_ body: @escaping @Sendable (StoppedBehaviour) -> T) -> T? {
        condition.lock()
        defer { condition.unlock() }
        guard let stopped = stoppedState else { return nil }
        var result: T?
        var done = false
        work.append {
            let value = body(stopped)
            self.condition.withLock {
                result = value
                done = true
                self.condition.broadcast()
            }
        }
        condition.broadcast()
        while !done && stoppedState != nil { condition.wait() }
        return result
    }

    /// Marks the lines any breakpoint is on, and every line while a step or pause is asked for.
    func remark() {
        behave_debugger_clear_marks(handle)
        for lines in breakpoints.values {
            for line in lines.keys { behave_debugger_mark(handle, Int32(clamping: line), 1) }
        }
        behave_debugger_every_line(handle, pauseAsked || stepping != nil ? 1 : 0)
    }
}
