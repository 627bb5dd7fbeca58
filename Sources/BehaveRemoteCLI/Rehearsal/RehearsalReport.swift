#if Remote
    import Behave

    /// What a rehearsal found: who got which copy, outcomes and failure rates by rule, and the
    /// event-to-action latency over every device.
    struct RehearsalReport {
        /// One rule's devices (the same rule always selects the same copy).
        struct Row {
            var rule: String
            var copy: String
            var devices = 0
            var failed = 0
            var limits = 0
            var nothing = 0
            var errors: [String: Int] = [:]

            var failures: Int { failed + limits }
            var rate: Double { devices == 0 ? 0 : Double(failures) / Double(devices) }
            var topError: (String, Int)? {
                errors.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }.map {
                    ($0.key, $0.value)
                }
            }
        }

        var manifest: String
        var channel: String
        var devices: Int
        var events: Int
        var seed: UInt64
        var rows: [Row]
        /// Sorted ascending.
        var latencies: [Double]

        init(
            _ outcomes: [RehearsalOutcome], manifest: String, channel: String, events: Int, seed: UInt64
        ) {
            var rows: [String: Row] = [:]
            var latencies: [Double] = []
            for outcome in outcomes {
                let key = outcome.rule + "\u{0}" + outcome.copy
                var row = rows[key] ?? Row(rule: outcome.rule, copy: outcome.copy)
                row.devices += 1
                switch outcome.kind {
                case .ran: break
                case .failed: row.failed += 1
                case .limit: row.limits += 1
                case .nothing: row.nothing += 1
                }
                if let error = outcome.error { row.errors[error, default: 0] += 1 }
                rows[key] = row
                latencies += outcome.latencies
            }
            self.manifest = manifest
            self.channel = channel
            self.devices = outcomes.count
            self.events = events
            self.seed = seed
            self.rows = rows.values.sorted { ($0.devices, $1.rule) > ($1.devices, $0.rule) }
            self.latencies = latencies.sorted()
        }

        /// The `q` quantile of the latencies (nearest rank); nil with none.
        func latency(_ q: Double) -> Double? {
            guard !latencies.isEmpty else { return nil }
            let rank = Int((q * Double(latencies.count)).rounded(.up)) - 1
            return latencies[min(max(rank, 0), latencies.count - 1)]
        }

        /// The rules some of whose devices failed, worst first.
        var failingRows: [Row] { rows.filter { $0.failures > 0 }.sorted { $0.rate > $1.rate } }

        /// A table, then the latency line and the failing rules.
        var text: String {
            var table = [["rule", "copy", "devices", "share", "failed", "rate", "top error"]]
            for row in rows {
                // The error is cut before its count is added, so that the count always shows.
                var top = "-"
                if let error = row.topError {
                    let count = " (\(error.1))"
                    top = TextTable.cut(error.0, to: TextTable.maximumCellWidth - count.count) + count
                }
                table.append([
                    row.rule, row.copy, "\(row.devices)", Self.percent(Double(row.devices) / Double(max(devices, 1))),
                    "\(row.failures)", Self.percent(row.rate), top,
                ])
            }
            var lines = [
                "rehearsal of \(manifest), channel \(channel): \(devices) devices, \(events) events, seed \(seed)"
            ]
            lines += TextTable.lines(table)
            if let p50 = latency(0.5), let p90 = latency(0.9), let p99 = latency(0.99), let max = latencies.last {
                lines.append(
                    "event-to-action latency (s): p50 \(SecondsText.milliseconds(p50))  p90 \(SecondsText.milliseconds(p90))  "
                        + "p99 \(SecondsText.milliseconds(p99))  max \(SecondsText.milliseconds(max))  (\(latencies.count) events)"
                )
            } else {
                lines.append("event-to-action latency (s): no event led to an action")
            }
            for row in failingRows {
                lines.append(
                    "failing: rule \(row.rule) (\(row.copy)): \(row.failures) of \(row.devices) devices, \(Self.percent(row.rate))"
                )
            }
            return lines.joined(separator: "\n") + "\n"
        }

        /// The same figures as one JSON document.
        var json: String {
            func q(_ text: String) -> String { JSONText.quoted(text) }
            let rowsJSON = rows.map { row in
                let top = row.topError.map { "{\"error\": \(q($0.0)), \"count\": \($0.1)}" } ?? "null"
                return "{\"rule\": \(q(row.rule)), \"copy\": \(q(row.copy)), \"devices\": \(row.devices), "
                    + "\"failed\": \(row.failed), \"limits\": \(row.limits), \"nothingRan\": \(row.nothing), "
                    + "\"failureRate\": \(JSONText.number(row.rate)), \"topError\": \(top)}"
            }
            let latency = ["p50": 0.5, "p90": 0.9, "p99": 0.99].sorted { $0.key < $1.key }.map {
                "\(q($0.key)): \(self.latency($0.value).map(JSONText.number) ?? "null")"
            }
            return "{\"manifest\": \(q(manifest)), \"channel\": \(q(channel)), \"devices\": \(devices), "
                + "\"events\": \(events), \"seed\": \(seed), \"rules\": [\(rowsJSON.joined(separator: ", "))], "
                + "\"latency\": {\(latency.joined(separator: ", ")), \"max\": \(latencies.last.map(JSONText.number) ?? "null"), "
                + "\"samples\": \(latencies.count)}, "
                + "\"failing\": [\(failingRows.map { q($0.rule) }.joined(separator: ", "))]}\n"
        }

        static func percent(_ share: Double) -> String {
            let tenths = Int((share * 1000).rounded())
            return "\(tenths / 10).\(tenths % 10)%"
        }

    }
#endif
