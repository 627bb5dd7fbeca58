#if Remote
    import Behave
    import BehaveCLI
    import BehaveRemote

    /// The health report of one run of a fleet manifest's copy: learnt from the run's hooks,
    /// queued on disk after the run, and sent within `--health-wait`; the run never waits on it.
    ///
    /// Sendable by hand: the run's own task calls its hooks one after the other (the failure
    /// first), never at the same time.
    final class FleetRunReport: @unchecked Sendable {
        let loaded: FleetBehaviour
        let context: [String: String]
        let health: HealthReporter?
        let started = WallClock.now()
        private(set) var hasFailed = false
        private var outcome = HealthReport.Outcome.ran
        private var error: String?
        private var limit: String?

        init(loaded: FleetBehaviour, context: [String: String], health: HealthReporter?) {
            self.loaded = loaded
            self.context = context
            self.health = health
        }

        /// The reporter `--health-url` asks for, or nil.
        static func reporter(options: RemoteOptions, configuration: RemoteConfiguration) throws(BehaveExitError)
            -> HealthReporter?
        {
            guard let url = options.fleet.healthURL else { return nil }
            var health = HealthConfiguration(
                collector: url, directory: options.fleet.healthQueue ?? configuration.cacheDirectory + "/health")
            health.allowedFields = Set(options.fleet.healthFields)
            do { health.connection = try options.liveConfiguration(messageLimit: 1 << 20) } catch {
                throw BehaveExitError(BehaveExit.report(error))
            }
            health.connection.report = nil
            do { return try HealthReporter(health) } catch { throw BehaveExitError(BehaveExit.report(error)) }
        }

        /// The run failed with `reason` (its first line); a copy on its first run was quarantined.
        func failed(_ reason: String, quarantined: Bool) {
            hasFailed = true
            error = String(reason.prefix(500))
            if let limit = Self.limit(in: reason) {
                outcome = .limit
                self.limit = limit
            } else {
                outcome = quarantined ? .quarantined : .failed
            }
        }

        /// Queues the report and sends what is queued, for at most `seconds`.
        func send(within seconds: Double) async {
            guard let health else { return }
            let selection = loaded.selection
            let fallback = loaded.copy.origin == .fallback
            let report = HealthReport(
                at: started, channel: selection?.channel, rule: fallback ? nil : selection?.rule ?? "default",
                copy: fallback ? "fallback" : selection?.copyName ?? "fallback",
                url: fallback ? nil : selection?.copy?.url, sequence: fallback ? nil : selection?.copy?.sequence,
                outcome: outcome, error: error, limit: limit, duration: WallClock.now() - started, context: context)
            if let problem = health.record(report) {
                StandardError.write("\(BehaveTool.current.name): warning: the health report is not kept: \(problem)\n")
            }
            // With no time to send, the report waits for the next run; no failure is counted.
            guard seconds > 0 else { return }
            let flush = await health.flush(within: seconds)
            if let failure = flush.failure, !flush.postponed {
                StandardError.write(
                    "\(BehaveTool.current.name): warning: health reports not sent (\(failure)); "
                        + "\(flush.kept) wait for the next run\n")
            }
        }

        /// The limit a termination names (`time limit exceeded` → `time`), if it is one.
        static func limit(in reason: String) -> String? {
            guard let range = reason.range(of: "limit exceeded: ") else { return nil }
            return String(reason[range.upperBound...].prefix { $0.isLetter })
        }
    }
#endif
