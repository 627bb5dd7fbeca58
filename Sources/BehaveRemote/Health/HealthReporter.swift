#if Remote
    import Behave
    import NIOConcurrencyHelpers

    /// What an app calls to tell its collector how each copy of a behaviour fares in the field:
    /// ``record(_:)`` after each run queues a report on disk (no network, and never an error
    /// thrown into the run), and ``flush(within:)``, from the app's own background work, posts the
    /// queue in batches.
    ///
    /// Only the context fields ``HealthConfiguration/allowedFields`` names are kept: the others
    /// are removed before the report reaches the disk. A batch leaves the queue only once the
    /// collector answered 2xx; a collector that refuses, answers otherwise or not in time keeps
    /// the batch, and the next send waits (``Backoff``). A batch whose answer came too late
    /// may reach the collector twice: reports arrive at least once.
    public final class HealthReporter: Sendable {
        /// The configuration.
        public let configuration: HealthConfiguration
        /// The queue on disk.
        public let queue: HealthQueue
        private let publisher: LivePublisher

        /// A reporter to the configuration's collector. Throws ``RemoteError/refusedURL(_:reason:)``
        /// for a collector URL the connection refuses (`http://` without `allowHTTP`) or
        /// certificate authorities that cannot be read. Nothing connects before ``flush(within:)``.
        public init(_ configuration: HealthConfiguration) throws(RemoteError) {
            var connection = configuration.connection
            // The bound is for messages a server sends; a batch's size is the reporter's own.
            connection.maximumMessage = 0
            publisher = try LivePublisher(url: configuration.collector, configuration: connection)
            self.configuration = configuration
            queue = HealthQueue(directory: configuration.directory, maximumQueued: configuration.maximumQueued)
        }

        /// Queues `report`, without the context fields the allow-list does not name. Returns nil
        /// when it is queued, and otherwise why not (the queue's directory cannot be written): a
        /// run is never stopped for its report.
        @discardableResult
        public func record(_ report: HealthReport) -> String? { record([report]) }

        /// Queues `reports`, as ``record(_:)`` does one.
        @discardableResult
        public func record(_ reports: [HealthReport]) -> String? {
            let allowed = configuration.allowedFields
            do {
                try queue.append(reports.map { $0.keeping(fields: allowed) })
                return nil
            } catch {
                return error.reason
            }
        }

        /// Posts the queued reports, oldest first, in batches of ``HealthConfiguration/batchSize``,
        /// each removed from the queue once the collector answered 2xx; stops at the first failure,
        /// which the backoff counts. Returns at once, sending nothing, while the backoff says wait,
        /// and in any case within `seconds`.
        public func flush(within seconds: Double) async -> HealthFlush {
            let start = WallClock.now()
            let contents: HealthQueue.Contents
            do { contents = try queue.read() } catch { return outcome(sent: 0, failure: error.reason) }
            var backoff = self.backoff(contents.state)
            // A wait longer than the cap was set by a clock that was wrong then: it is not waited out.
            if backoff.notBefore > start + configuration.backoffCap { backoff.notBefore = 0 }
            guard backoff.allows(at: start) else { return outcome(sent: 0, failure: nil, postponed: true) }
            guard !contents.lines.isEmpty else { return outcome(sent: 0, failure: nil) }
            let progress = NIOLockedValueBox(0)
            let sending = await Race.within(seconds) { () async -> String? in
                await self.send(progress)
            }
            let failure: String?
            switch sending {
            case .some(let reason): failure = reason
            case .none:
                failure = "no answer within \(Limits.formatSeconds(seconds))"
                recordFailure()
            }
            return outcome(sent: progress.withLockedValue { $0 }, failure: failure)
        }

        /// Sends batch after batch until the queue is empty or a batch fails; the failure, if any.
        /// Cancelled (the flush's time ran out), it leaves the backoff to the flush.
        private func send(_ progress: NIOLockedValueBox<Int>) async -> String? {
            let size = max(1, configuration.batchSize)
            while !Task.isCancelled {
                let lines: [String]
                do { lines = Array(try queue.read().lines.prefix(size)) } catch { return error.reason }
                if lines.isEmpty { return nil }
                do {
                    try await publisher.publish(lines.joined(separator: "\n") + "\n")
                } catch {
                    if Task.isCancelled { return error.reason }
                    recordFailure()
                    return error.reason
                }
                do {
                    try queue.remove(lines)
                    try queue.update {
                        $0.failures = 0
                        $0.notBefore = 0
                    }
                } catch {
                    return error.reason
                }
                progress.withLockedValue { $0 += lines.count }
            }
            return nil
        }

        /// The backoff the queue's state holds, with the configuration's base and cap.
        private func backoff(_ state: HealthQueue.State) -> Backoff {
            Backoff(
                base: configuration.backoffBase, cap: configuration.backoffCap, failures: state.failures,
                notBefore: state.notBefore)
        }

        /// Counts a failed send in the queue's state.
        private func recordFailure() {
            let now = WallClock.now()
            _ = try? queue.update { state in
                var backoff = self.backoff(state)
                backoff.recordFailure(at: now)
                state.failures = backoff.failures
                state.notBefore = backoff.notBefore
            }
        }

        /// What a flush returns, with the queue as it is now.
        private func outcome(sent: Int, failure: String?, postponed: Bool = false) -> HealthFlush {
            let contents = try? queue.read()
            let state = contents?.state ?? HealthQueue.State()
            return HealthFlush(
                sent: sent, kept: contents?.lines.count ?? 0, dropped: state.dropped, damaged: state.damaged,
                failure: failure, postponed: postponed, nextAttempt: state.notBefore)
        }
    }

    /// What one ``HealthReporter/flush(within:)`` did.
    public struct HealthFlush: Sendable, Equatable {
        /// Reports the collector took, and that left the queue.
        public var sent: Int
        /// Reports still queued.
        public var kept: Int
        /// Reports dropped so far because the queue was full.
        public var dropped: Int
        /// Lines of the queue so far that were not reports, and were left out.
        public var damaged: Int
        /// Why sending stopped (`the server answered 503`, `connection refused`), or nil.
        public var failure: String?
        /// Whether nothing was tried because the backoff said wait.
        public var postponed: Bool
        /// The time (seconds since 1970) before which the next flush sends nothing; 0 for none.
        public var nextAttempt: Double

        /// A flush's result.
        public init(
            sent: Int, kept: Int, dropped: Int, damaged: Int = 0, failure: String?, postponed: Bool = false,
            nextAttempt: Double
        ) {
            self.sent = sent
            self.kept = kept
            self.dropped = dropped
            self.damaged = damaged
            self.failure = failure
            self.postponed = postponed
            self.nextAttempt = nextAttempt
        }
    }
#endif
