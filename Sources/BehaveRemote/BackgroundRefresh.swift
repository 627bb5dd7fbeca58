#if Remote
    import Behave

    /// A fetch that a load left running because the cached copy could start at once
    /// (``RemoteConfiguration/maximumWait``). A fresh copy it brings is kept beside the current one
    /// and becomes current at the next load, after the same checks.
    ///
    /// ```swift
    /// if let refresh = loaded.refresh {
    ///     Task { if await refresh.wait() == .fresh { logger.info("a new behaviour runs at the next launch") } }
    /// }
    /// ```
    public final class BackgroundRefresh: Sendable {
        /// How a background fetch ended.
        public enum Outcome: Sendable, Equatable {
            /// A new copy was received and verified; it is kept for the next load.
            case fresh
            /// The server confirmed the current copy.
            case unchanged
            /// No fresh copy: why (the current copy stays).
            case failed(String)
        }

        private let done: Task<Outcome, Never>

        init(
            fetch: Task<Result<(RemoteLoader.UsableCopy, RemoteBehaviour.Origin), RemoteProblem>, Never>,
            url: String, cache: BehaviourCache
        ) {
            done = Task {
                switch await fetch.value {
                case .success(let (copy, .downloaded)):
                    do { try cache.storePending(copy.entry) } catch { return .failed("\(error)") }
                    return .fresh
                case .success(let (copy, _)):
                    try? cache.store(copy.entry)  // the confirmation's time and validators
                    return .unchanged
                case .failure(let problem):
                    return .failed("\(url): \(problem)")
                }
            }
        }

        /// Waits for the fetch (bounded by ``RemoteConfiguration/timeout``) and says how it ended.
        public func wait() async -> Outcome { await done.value }

        /// Waits for the fetch at most `seconds`: nil when it has not ended by then (it goes on, and
        /// a fresh copy it brings is still kept, as long as the process lives).
        public func wait(atMost seconds: Double) async -> Outcome? {
            let done = self.done
            return await Race.within(seconds, cancelling: false) { await done.value }
        }
    }
#endif
