#if Remote
    import Behave

    /// What happened to one copy of a behaviour on one device, once: the line an app queues for its
    /// collector (``HealthReporter``) and what ``HealthSummary`` groups. Its JSON form is one line
    /// (``line``), read back by ``init(line:)``.
    public struct HealthReport: Sendable, Equatable {
        /// How a run, or a change of copy, ended.
        public enum Outcome: String, Sendable, CaseIterable {
            /// The run ended without an error.
            case ran
            /// The run ended with an error (``HealthReport/error``).
            case failed
            /// A sandbox limit stopped the run (``HealthReport/limit`` names it).
            case limit
            /// The copy was quarantined instead of being run.
            case quarantined
            /// The copy was given up for the one before it.
            case rolledBack = "rolled-back"
            /// The copy took over from the one running (a live update): no run of its own.
            case activated
        }

        /// When, in seconds since 1970.
        public var at: Double
        /// The channel the device follows (`production`, `beta`).
        public var channel: String?
        /// The rule that chose the copy (`rollout-keynote-8`, `default`).
        public var rule: String?
        /// Which copy of the behaviour: its name in the channel (`keynote-8`).
        public var copy: String
        /// Where the copy was fetched from.
        public var url: String?
        /// The copy's sequence number, as signed.
        public var sequence: Int?
        /// How it ended.
        public var outcome: Outcome
        /// The error's message, for ``Outcome/failed`` (and for a limit, when there is one).
        public var error: String?
        /// Which limit fired (`time`, `memory`, `output`), for ``Outcome/limit``.
        public var limit: String?
        /// How long the run took, in seconds.
        public var duration: Double?
        /// Fields of the app's context (`platform`, `version`). ``HealthReporter`` removes every
        /// field its ``HealthConfiguration/allowedFields`` does not name before the report is queued.
        public var context: [String: String]

        /// A report; only the time, the copy and the outcome are required.
        public init(
            at: Double, channel: String? = nil, rule: String? = nil, copy: String, url: String? = nil,
            sequence: Int? = nil, outcome: Outcome, error: String? = nil, limit: String? = nil,
            duration: Double? = nil, context: [String: String] = [:]
        ) {
            self.at = at
            self.channel = channel
            self.rule = rule
            self.copy = copy
            self.url = url
            self.sequence = sequence
            self.outcome = outcome
            self.error = error
            self.limit = limit
            self.duration = duration
            self.context = context
        }

        /// Whether the outcome counts against the copy: a failure, a limit, a quarantine, a rollback.
        public var isFailure: Bool {
            switch outcome {
            case .failed, .limit, .quarantined, .rolledBack: true
            case .ran, .activated: false
            }
        }

        /// Whether the report is of a run (or of a copy refused instead of running): every outcome
        /// but ``Outcome/activated``.
        public var isRun: Bool { outcome != .activated }

        /// The report with only the context fields `allowed` names.
        public func keeping(fields allowed: Set<String>) -> HealthReport {
            var kept = self
            kept.context = context.filter { allowed.contains($0.key) }
            return kept
        }
    }

    extension HealthReport {
        /// Why a line is not a report.
        public struct ReadError: Error, Equatable, CustomStringConvertible {
            /// The reason, in a few words: `"outcome" is "crashed", not one of ran, failed, …`.
            public var reason: String

            /// An error with `reason`.
            public init(reason: String) { self.reason = reason }

            /// The reason.
            public var description: String { reason }
        }
    }
#endif
