import Behave

/// A real clock that leaves out the time a debugger has held the run stopped: while stopped,
/// the behaviour's time stands still, and its waits and timers fall due as if the stop had not
/// been.
public final class StoppedTimeClock: BehaveClock {
    private let base: any BehaveClock
    private let debugger: BehaveDebugger

    /// `base` less the time `debugger` has held the run.
    public init(_ base: any BehaveClock, debugger: BehaveDebugger) {
        self.base = base
        self.debugger = debugger
    }

    /// The base clock's time, less the time stopped.
    public var now: Double { base.now - debugger.stoppedSeconds }

    /// Sleeps until the base clock reaches `deadline` plus the time stopped.
    public func sleep(until deadline: Double) async throws {
        try await base.sleep(until: deadline + debugger.stoppedSeconds)
    }
}
