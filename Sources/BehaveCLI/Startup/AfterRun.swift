/// What the tool does after a behaviour's run and before it exits: its ``LoadedBehaviour/afterRun``
/// (a remote copy's background fetch), which a signal cuts short.
///
/// The behaviour's output is written before this starts, so nothing it printed waits on the
/// network; Ctrl-C, SIGTERM and SIGHUP end the wait within a fraction of a second.
enum AfterRun {
    /// Whether the wait ended because a signal came.
    enum Ending { case finished, interrupted }

    /// Runs `afterRun` to its end, unless a signal has come or comes meanwhile: nothing runs
    /// after an interrupted run.
    static func finish(_ afterRun: (@Sendable () async -> Void)?) async -> Ending {
        guard let afterRun else { return .finished }
        if Interrupts.cancelled { return .interrupted }
        let (stream, continuation) = AsyncStream.makeStream(of: Ending.self)
        let work = Task {
            await afterRun()
            continuation.yield(.finished)
        }
        let watch = Task {
            // The handler only sets a flag (async-signal-safe), so the flag is what is watched.
            while !Task.isCancelled, !Interrupts.cancelled { try? await Task.sleep(nanoseconds: 20_000_000) }
            continuation.yield(.interrupted)
        }
        var endings = stream.makeAsyncIterator()
        let ending = await endings.next() ?? .interrupted
        continuation.finish()
        watch.cancel()
        if ending == .interrupted { work.cancel() }
        return ending
    }
}
