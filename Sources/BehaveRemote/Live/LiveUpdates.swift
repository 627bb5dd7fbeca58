#if Remote
    import Behave
    import NIOConcurrencyHelpers

    /// When a copy that arrives while its behaviour runs takes over.
    public enum ActivationPolicy: String, Sendable, CaseIterable {
        /// At the next launch: the copy is fetched, verified and kept, and the running one goes on.
        case nextLaunch = "next-launch"
        /// Once the running copy is idle (no task ready, no action in flight), after its
        /// ``HandOver/reloadEvent`` handlers have run.
        case whenIdle = "when-idle"
        /// At once, between two slices.
        case now
    }

    /// Keeps a running remote behaviour current: told that a new copy exists (a stream's
    /// ``updateEvent``, or a poll), it fetches the copy through the loader — signature,
    /// sequence, quarantine and validation as at a launch — and hands the events channel over to
    /// it by its ``ActivationPolicy``. A copy that fails after it took over is quarantined and the
    /// copy before it runs again.
    ///
    /// ```swift
    /// // A new copy is checked by a host of its own: the running one is busy running.
    /// let updates = LiveUpdates(running: loaded, configuration: remote, policy: .whenIdle) { copy in
    ///     (try? BehaveHost(modules: appModules()))?.check(copy) ?? []
    /// }
    /// live.updates = { notice in updates.announce(notice) }  // the LiveEventsConfiguration
    /// updates.attach(events)
    /// ```
    ///
    /// The app runs the copy ``takeOver()`` gives once a run ends with ``Finish/handedOver``, and
    /// the copy ``rollBack(_:because:recording:)`` gives when a copy that took over fails.
    public final class LiveUpdates: Sendable {
        /// The message of a stream that says a new copy exists: `{"url": URL, "sequence": N}`.
        public static let updateEvent = "behave.update"

        /// The behaviour's URL: notices naming another are for another behaviour.
        public let url: String
        /// When a new copy takes over.
        public let policy: ActivationPolicy
        let configuration: RemoteConfiguration
        let validate: @Sendable (Behaviour) -> [Diagnostic]
        /// Where the one-line reports go: a copy kept, taking over, refused, rolled back.
        let report: @Sendable (String) -> Void
        let state: NIOLockedValueBox<State>

        struct State {
            var running: RemoteBehaviour
            /// The running copy's signed sequence: a notice of one no higher fetches nothing.
            var sequence: Int64?
            /// The copy the running one took over from, which a rollback runs again.
            var replaced: RemoteBehaviour?
            var channel: EventChannel?
            /// The copy a hand-over was asked for (kept pending in the cache), until ``takeOver()``.
            var candidate: (copy: RemoteBehaviour, sequence: Int64?)?
            var fetching = false
            /// A notice came while fetching: fetch once more after.
            var again = false
            var poller: Task<Void, Never>?
            /// The last line reported: a poll that finds the same problem again says nothing.
            var lastReport: String?
        }

        /// Updates for `running`, the copy a load gave, fetched with `configuration` and checked by
        /// `validate` (which may be called from any thread) before one may take over.
        public init(
            running: RemoteBehaviour, configuration: RemoteConfiguration, policy: ActivationPolicy,
            report: @escaping @Sendable (String) -> Void = { _ in },
            validate: @escaping @Sendable (Behaviour) -> [Diagnostic]
        ) {
            url = running.url
            self.configuration = configuration
            self.policy = policy
            self.report = report
            self.validate = validate
            let sequence = RemoteLoader(configuration).status(of: running.url).active?.signature?.sequence
            state = NIOLockedValueBox(State(running: running, sequence: sequence))
        }

        /// Reports `line`, unless it is the line reported last.
        func say(_ line: String) {
            let new = state.withLockedValue { state in
                defer { state.lastReport = line }
                return state.lastReport != line
            }
            if new { report(line) }
        }

        /// The copy that runs now.
        public var running: RemoteBehaviour { state.withLockedValue { $0.running } }

        /// Hand-overs go to the run reading `channel`.
        public func attach(_ channel: EventChannel) {
            state.withLockedValue { $0.channel = channel }
        }

        /// A new copy may exist: `notice` is an ``updateEvent``'s payload (one naming another URL,
        /// or a sequence no higher than the running copy's, is ignored), or `.null` for "look".
        /// The fetch runs on its own; notices that come meanwhile make one more fetch after it.
        public func announce(_ notice: PlainValue = .null) {
            if case .object(let fields) = notice {
                if case .string(let named)? = fields["url"], named != url { return }
                let known = state.withLockedValue { [$0.sequence, $0.candidate?.sequence].compactMap { $0 }.max() }
                if let announced = Self.integer(fields["sequence"]), let known, announced <= known { return }
            }
            let start: Bool = state.withLockedValue { state in
                if state.fetching {
                    state.again = true
                    return false
                }
                state.fetching = true
                return true
            }
            guard start else { return }
            Task { await self.fetchUntilQuiet() }
        }

        /// Looks for a new copy every `seconds` (a conditional GET each time, so an unchanged copy
        /// costs a 304), until ``stop()``: for a server with no stream to announce copies on.
        public func poll(every seconds: Double) {
            let poller = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(nanoseconds: UInt64(min(max(seconds, 0.1), 86_400) * 1e9))
                    if !Task.isCancelled { self.announce() }
                }
            }
            state.withLockedValue { state in
                state.poller?.cancel()
                state.poller = poller
            }
        }

        /// Stops polling.
        public func stop() {
            state.withLockedValue { $0.poller?.cancel() }
        }

        /// The copy a hand-over was asked for, which becomes the cache's current copy and the
        /// running one; nil when none waits, or it cannot be made current (the running copy goes on).
        public func takeOver() -> RemoteBehaviour? {
            guard let next = state.withLockedValue({ $0.candidate }) else { return nil }
            let activated = RemoteLoader(configuration).activate(next.copy)
            return state.withLockedValue { state in
                state.candidate = nil
                guard activated else { return nil }
                state.replaced = state.running
                state.running = next.copy
                state.sequence = next.sequence
                return next.copy
            }
        }

        /// `failed`, which took over and then failed, is quarantined with `reason` (and the
        /// failing run's recording); the copy it took over from becomes the cache's current copy
        /// and the running one again, and is returned. nil when `failed` is not the copy that took
        /// over, or was not on its first run (bytes that ran well are never quarantined).
        public func rollBack(_ failed: RemoteBehaviour, because reason: String, recording: Recording? = nil)
            -> RemoteBehaviour?
        {
            guard let previous = state.withLockedValue({ $0.replaced }),
                running.behaviour.bytes == failed.behaviour.bytes,
                RemoteLoader(configuration).quarantine(failed, because: reason, recording: recording)
            else { return nil }
            let sequence = RemoteLoader(configuration).status(of: url).active?.signature?.sequence
            state.withLockedValue { state in
                state.running = previous
                state.sequence = sequence
                state.replaced = nil
                state.candidate = nil
            }
            say("\(url): the copy that took over failed (\(reason)) and is quarantined; the copy before it runs again")
            return previous
        }
    }
#endif
