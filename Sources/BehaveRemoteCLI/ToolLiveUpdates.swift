#if Remote
    import Behave
    import BehaveCLI
    import BehaveRemote
    import NIOConcurrencyHelpers

    /// The tool's ``LiveSwap``: the library's ``LiveUpdates`` with `--activate` and `--poll`, its
    /// reports on stderr, and each copy it gives made into what the tool runs.
    final class ToolLiveUpdates: LiveSwap {
        private let updates: LiveUpdates
        private let configuration: RemoteConfiguration

        /// The updates of the behaviour the tool runs now, which the `behave.update` notices of
        /// `--events` reach (one behaviour per process; `--watch` replaces it with each run).
        private static let current = NIOLockedValueBox<LiveUpdates?>(nil)

        init(
            running: RemoteBehaviour, configuration: RemoteConfiguration, options: RemoteOptions,
            validate: @escaping @Sendable (Behaviour) -> [Diagnostic]
        ) {
            let policy = ActivationPolicy(rawValue: options.activation.rawValue) ?? .nextLaunch
            let name = BehaveTool.current.name
            updates = LiveUpdates(
                running: running, configuration: configuration, policy: policy,
                report: { line in StandardError.write("\(name): \(line)\n") }, validate: validate)
            self.configuration = configuration
            Self.current.withLockedValue { $0 = updates }
            if let seconds = options.pollInterval { updates.poll(every: seconds) }
        }

        /// A stream's notice that a new copy exists, for the behaviour the tool runs.
        static func announce(_ notice: PlainValue) {
            current.withLockedValue { $0 }?.announce(notice)
        }

        func attach(_ channel: EventChannel) { updates.attach(channel) }

        func takeOver(ranWell: Bool) -> LoadedBehaviour? {
            // A copy that ran well until it handed over is never on a first run again.
            let before = updates.running
            guard let next = updates.takeOver() else { return nil }
            if ranWell { RemoteLoader(configuration).ranWell(before) }
            return made(next)
        }

        func rollBack(because reason: String, recording: Recording?) -> LoadedBehaviour? {
            guard let previous = updates.rollBack(updates.running, because: reason, recording: recording) else {
                return nil
            }
            var loaded = made(previous)
            // The copy before ran well once; it runs again as any cached copy does.
            loaded.tookOver = false
            return loaded
        }

        func stop() {
            updates.stop()
            Self.current.withLockedValue { if $0 === updates { $0 = nil } }
        }

        /// What the tool runs for `copy`: a copy that took over, swapped by the same updates.
        private func made(_ copy: RemoteBehaviour) -> LoadedBehaviour {
            var loaded = LinkedRemoteTools.loadedBehaviour(copy, configuration: configuration)
            loaded.live = self
            loaded.tookOver = true
            return loaded
        }
    }
#endif
