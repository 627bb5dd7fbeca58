#if Remote
    import Behave
    import BehaveCLI

    /// Measures, from the run's trace, the time from each event's publication to the first module
    /// action after the device received it; and keeps the first failed action's error.
    ///
    /// Sendable by hand: one host's run calls it, from one thread at a time.
    final class RehearsalLatency: @unchecked Sendable {
        /// When each event was published, in order, on the run's clock.
        private let published: [Double]
        private var delivered = 0
        private var awaiting: Double?
        private(set) var latencies: [Double] = []
        private(set) var firstError: String?

        init(published events: [TimedEvent]) {
            var time = 0.0
            published = events.map { event in
                time += event.after
                return time
            }
        }

        /// A line the host reported (a failed handler's error): the first one is kept.
        func reported(_ line: String) {
            guard firstError == nil else { return }
            let first = line.prefix { $0 != "\n" }
            let tool = BehaveTool.current.name + ": "
            firstError = String(first.hasPrefix(tool) ? first.dropFirst(tool.count) : first)
        }

        func observe(_ trace: TraceEvent) {
            switch trace.kind {
            case .event:
                if delivered < published.count { awaiting = published[delivered] }
                delivered += 1
            case .action(_, _, _, _, let error, _):
                if let start = awaiting {
                    latencies.append(max(0, trace.time - start))
                    awaiting = nil
                }
                if firstError == nil, let error { firstError = error }
            default:
                break
            }
        }
    }
#endif
