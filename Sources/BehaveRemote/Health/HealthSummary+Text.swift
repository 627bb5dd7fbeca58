#if Remote
    import Behave

    extension HealthSummary {
        /// The summary as a table, one row per group, its columns aligned and separated by two
        /// spaces: channel, rule, copy (with its sequence), runs, failures (failed, limit,
        /// quarantined, rolled back), failure rate, median and 95th-percentile duration in
        /// milliseconds, and the most frequent error with its count. A missing figure is `-`. A
        /// last line counts the unreadable lines, when there are any.
        public var text: String {
            var rows = [["channel", "rule", "copy (seq)", "runs", "failed", "rate", "p50 ms", "p95 ms", "top error"]]
            for group in groups {
                let copy = group.sequence.map { "\(group.copy) (\($0))" } ?? group.copy
                let top = group.topErrors.first.map { "\(Self.shortened($0.error, to: 40)) (\($0.count))" } ?? "-"
                rows.append([
                    group.channel ?? "-", group.rule ?? "-", copy, "\(group.runs)", "\(group.failures)",
                    group.runs == 0 ? "-" : Self.tenths(group.failureRate * 100) + "%",
                    group.p50Duration.map { Self.tenths($0 * 1000) } ?? "-",
                    group.p95Duration.map { Self.tenths($0 * 1000) } ?? "-", top,
                ])
            }
            var lines = groups.isEmpty ? ["no reports"] : Self.aligned(rows)
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
            func number(_ value: Double?) -> String { value.map(HealthReport.number) ?? "null" }
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

        /// `rows` as lines, each column as wide as its widest cell, the last one not padded.
        private static func aligned(_ rows: [[String]]) -> [String] {
            let columns = rows.map(\.count).max() ?? 0
            let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
            }
            return rows.map { row in
                row.enumerated().map { column, cell in
                    column == row.count - 1
                        ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
                }
                .joined()
            }
        }

        /// `value` with one decimal, rounded half away from zero: `3.1`, `50.0`.
        static func tenths(_ value: Double) -> String {
            guard value.isFinite else { return "-" }
            let scaled = (abs(value) * 10).rounded()
            guard scaled < 1e15 else { return "\(value)" }
            let tenths = Int64(scaled)
            return (value < 0 && tenths > 0 ? "-" : "") + "\(tenths / 10).\(tenths % 10)"
        }

        /// `text` cut to `length` characters, the cut marked with an ellipsis; on one line.
        static func shortened(_ text: String, to length: Int) -> String {
            let line = text.map { $0.isNewline ? " " : $0 }
            guard line.count > length else { return String(line) }
            var cut = String(line.prefix(length - 1))
            while cut.last == " " { cut.removeLast() }
            return cut + "…"
        }
    }
#endif
