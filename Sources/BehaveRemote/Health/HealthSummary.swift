#if Remote
    import Behave

    /// What collected reports say, copy by copy: the reports grouped by channel, rule, copy and
    /// sequence, each group with its runs, its count of each outcome, its failure rate, its most
    /// frequent errors and its durations. ``text`` is the table `behave health` prints, ``json``
    /// the same figures for a program.
    public struct HealthSummary: Sendable, Equatable {
        /// An error's message and how many reports of a group carry it.
        public struct ErrorCount: Sendable, Equatable {
            /// The message (for a limit reported without one, `limit: NAME`).
            public var error: String
            /// How many reports carry it.
            public var count: Int

            /// A count of `error`.
            public init(error: String, count: Int) {
                self.error = error
                self.count = count
            }
        }

        /// The reports of one copy, on one channel, chosen by one rule.
        public struct Group: Sendable, Equatable {
            /// The channel, nil for reports that name none.
            public var channel: String?
            /// The rule, nil for reports that name none.
            public var rule: String?
            /// The copy.
            public var copy: String
            /// The copy's sequence number, nil for reports that name none.
            public var sequence: Int?
            /// The group's reports, whatever their outcome.
            public var reports = 0
            /// The reports of runs: every outcome but ``HealthReport/Outcome/activated``.
            public var runs = 0
            /// How many reports have each outcome (an outcome none has is absent).
            public var outcomes: [HealthReport.Outcome: Int] = [:]
            /// The most frequent errors, at most three, by count and then by message.
            public var topErrors: [ErrorCount] = []
            /// The median duration of the runs that report one, in seconds.
            public var p50Duration: Double?
            /// The 95th percentile of the durations, in seconds.
            public var p95Duration: Double?

            /// A group with no reports yet.
            public init(channel: String?, rule: String?, copy: String, sequence: Int?) {
                self.channel = channel
                self.rule = rule
                self.copy = copy
                self.sequence = sequence
            }

            /// How many reports have `outcome`.
            public func count(_ outcome: HealthReport.Outcome) -> Int { outcomes[outcome] ?? 0 }

            /// Reports that count against the copy: failed, limit, quarantined, rolled back.
            public var failures: Int {
                count(.failed) + count(.limit) + count(.quarantined) + count(.rolledBack)
            }

            /// ``failures`` over ``runs``: 0 when there are no runs.
            public var failureRate: Double { runs == 0 ? 0 : Double(failures) / Double(runs) }
        }

        /// The groups, by channel, rule, copy and sequence.
        public var groups: [Group]
        /// The reports read.
        public var reports: Int
        /// Lines that are not reports (blank lines are skipped, not counted).
        public var unreadable: Int
        /// The 1-based number of the first unreadable line, nil when there is none.
        public var firstUnreadableLine: Int?
        /// Why the first unreadable line is not a report.
        public var firstUnreadableReason: String?

        /// How many errors a group lists.
        public static let topErrorCount = 3

        /// The summary of `bytes`: reports one a line, as a collector stores them (blank lines,
        /// which come between batches, are skipped).
        public init(lines bytes: [UInt8]) {
            var reports: [HealthReport] = []
            var unreadable = 0
            var first: (line: Int, reason: String)?
            for (index, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                .enumerated()
            {
                let trimmed = line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...]
                guard trimmed.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else {
                    continue
                }
                do {
                    reports.append(try HealthReport(line: trimmed))
                } catch {
                    unreadable += 1
                    if first == nil { first = (index + 1, error.reason) }
                }
            }
            self.init(reports: reports)
            self.unreadable = unreadable
            firstUnreadableLine = first?.line
            firstUnreadableReason = first?.reason
        }

        /// The summary of `reports`.
        public init(reports: [HealthReport]) {
            struct Key: Hashable {
                var channel: String?
                var rule: String?
                var copy: String
                var sequence: Int?
            }
            var grouped: [Key: [HealthReport]] = [:]
            for report in reports {
                let key = Key(channel: report.channel, rule: report.rule, copy: report.copy, sequence: report.sequence)
                grouped[key, default: []].append(report)
            }
            groups = grouped.map { key, reports in
                Self.group(reports, channel: key.channel, rule: key.rule, copy: key.copy, sequence: key.sequence)
            }
            .sorted { a, b in
                let left = (a.channel ?? "", a.rule ?? "", a.copy)
                let right = (b.channel ?? "", b.rule ?? "", b.copy)
                return left != right ? left < right : (a.sequence ?? Int.min) < (b.sequence ?? Int.min)
            }
            self.reports = reports.count
            unreadable = 0
        }

        /// One group's figures.
        private static func group(
            _ reports: [HealthReport], channel: String?, rule: String?, copy: String, sequence: Int?
        ) -> Group {
            var group = Group(channel: channel, rule: rule, copy: copy, sequence: sequence)
            var errors: [String: Int] = [:]
            var durations: [Double] = []
            for report in reports {
                group.reports += 1
                if report.isRun { group.runs += 1 }
                group.outcomes[report.outcome, default: 0] += 1
                if let error = report.error ?? (report.outcome == .limit ? "limit: \(report.limit ?? "unknown")" : nil)
                {
                    errors[error, default: 0] += 1
                }
                if let duration = report.duration, report.isRun { durations.append(duration) }
            }
            group.topErrors = errors.map { ErrorCount(error: $0.key, count: $0.value) }
                .sorted { $0.count != $1.count ? $0.count > $1.count : $0.error < $1.error }
                .prefix(topErrorCount).map { $0 }
            durations.sort()
            group.p50Duration = percentile(0.5, of: durations)
            group.p95Duration = percentile(0.95, of: durations)
            return group
        }

        /// The nearest-rank percentile `p` of sorted `values`: the smallest value at least a
        /// fraction `p` of them do not exceed; nil for none.
        static func percentile(_ p: Double, of values: [Double]) -> Double? {
            guard !values.isEmpty else { return nil }
            let rank = Int((p * Double(values.count)).rounded(.up))
            return values[min(max(rank, 1), values.count) - 1]
        }
    }
#endif
