#if Remote
    import Behave

    extension HealthSummary {
        /// The summary as a table, one row per group, its columns aligned and separated by two
        /// spaces: channel, rule, copy (with its sequence), runs, failures (failed, limit,
        /// quarantined, rolled back), failure rate, median and 95th-percentile duration in
        /// milliseconds, and the most frequent error with its count. A missing figure is `-`; a
        /// cell longer than the tools' column width (`TextTable.maximumCellWidth`) is cut, marked with `…`. A last line
        /// counts the unreadable lines, when there are any.
        public var text: String {
            var rows = [["channel", "rule", "copy (seq)", "runs", "failed", "rate", "p50 ms", "p95 ms", "top error"]]
            for group in groups {
                // The copy is cut before its sequence is added, so that the sequence always shows.
                let sequence = group.sequence.map { " (\($0))" } ?? ""
                let copy = TextTable.cut(group.copy, to: TextTable.maximumCellWidth - sequence.count) + sequence
                let top = group.topErrors.first.map { "\(TextTable.cut($0.error, to: 40)) (\($0.count))" } ?? "-"
                rows.append([
                    group.channel ?? "-", group.rule ?? "-", copy, "\(group.runs)", "\(group.failures)",
                    group.runs == 0 ? "-" : Self.tenths(group.failureRate * 100) + "%",
                    group.p50Duration.map { Self.tenths($0 * 1000) } ?? "-",
                    group.p95Duration.map { Self.tenths($0 * 1000) } ?? "-", top,
                ])
            }
            var lines = groups.isEmpty ? ["no reports"] : TextTable.lines(rows)
            if let line = firstUnreadableLine {
                let reason = firstUnreadableReason.map { ": \($0)" } ?? ""
                lines.append(
                    "\(unreadable) unreadable line\(unreadable == 1 ? "" : "s"), the first is line \(line)\(reason)")
            }
            return lines.joined(separator: "\n") + "\n"
        }

        /// The same figures as one JSON document, its keys in a fixed order, a group per line:
        /// durations in seconds, the rate as a fraction, null for what is missing.
        public var json: String {
            func text(_ value: String?) -> String { value.map(JSONText.quoted) ?? "null" }
            func number(_ value: Double?) -> String { value.map(JSONText.number) ?? "null" }
            let objects = groups.map { group in
                let outcomes = HealthReport.Outcome.allCases.map {
                    "\(JSONText.quoted($0.rawValue)): \(group.count($0))"
                }
                let errors = group.topErrors.map { "{\"error\": \(JSONText.quoted($0.error)), \"count\": \($0.count)}" }
                let members = [
                    "\"channel\": \(text(group.channel))", "\"rule\": \(text(group.rule))",
                    "\"copy\": \(JSONText.quoted(group.copy))",
                    "\"sequence\": \(group.sequence.map(String.init) ?? "null")",
                    "\"reports\": \(group.reports)", "\"runs\": \(group.runs)",
                    "\"outcomes\": {\(outcomes.joined(separator: ", "))}", "\"failures\": \(group.failures)",
                    "\"failureRate\": \(number(group.failureRate))",
                    "\"topErrors\": [\(errors.joined(separator: ", "))]",
                    "\"p50Duration\": \(number(group.p50Duration))", "\"p95Duration\": \(number(group.p95Duration))",
                ]
                return "  {" + members.joined(separator: ", ") + "}"
            }
            let head =
                "{\"reports\": \(reports), \"unreadable\": \(unreadable), "
                + "\"firstUnreadableLine\": \(firstUnreadableLine.map(String.init) ?? "null"), "
                + "\"firstUnreadableReason\": \(text(firstUnreadableReason)), \"groups\": ["
            return objects.isEmpty ? head + "]}\n" : head + "\n" + objects.joined(separator: ",\n") + "\n]}\n"
        }

        /// `value` with one decimal, rounded half away from zero: `3.1`, `50.0`.
        static func tenths(_ value: Double) -> String {
            guard value.isFinite else { return "-" }
            let scaled = (abs(value) * 10).rounded()
            guard scaled < 1e15 else { return "\(value)" }
            let tenths = Int64(scaled)
            return (value < 0 && tenths > 0 ? "-" : "") + "\(tenths / 10).\(tenths % 10)"
        }
    }
#endif
