#if Remote
    /// Waiting for work at most so long, whether or not the work notices: a fetch whose server
    /// sends headers and then nothing, or an app's transport that ignores its timeout, cannot hold
    /// the load past its deadline.
    enum Race {
        /// What `work` returns if it comes within `seconds`; nil otherwise, and then `work`'s task is
        /// cancelled and left to end on its own (unless `cancelling` is false: a background fetch goes
        /// on). The caller is never held past `seconds`, nor past its own cancellation.
        static func within<T: Sendable>(
            _ seconds: Double, cancelling: Bool = true, _ work: @escaping @Sendable () async -> T
        ) async -> T? {
            guard seconds > 0 else { return nil }
            let (stream, continuation) = AsyncStream.makeStream(of: T?.self)
            let worker = Task { continuation.yield(await work()) }
            let timer = Task {
                // A non-finite or huge wait is capped at a day: the conversion to nanoseconds cannot trap.
                try? await Task.sleep(nanoseconds: UInt64(min(seconds, 86_400) * 1e9))
                continuation.yield(nil)
            }
            var results = stream.makeAsyncIterator()
            let first = await results.next() ?? nil
            continuation.finish()
            timer.cancel()
            if first == nil, cancelling { worker.cancel() }
            return first
        }
    }
#endif
