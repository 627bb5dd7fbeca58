#if Remote
    import Behave
    import BehaveRemote
    import Testing

    @Suite("Health summary: reports grouped by copy")
    struct HealthSummaryTests {
        static let errorA = "keynote-8.lua:12:3: attempt to index a nil value"
        static let errorB = "keynote-8.lua:40:1: the copy was rolled back for keynote-7"

        /// Reports as a collector stores them: a blank line between batches, two lines that are not reports.
        static let fixture: [UInt8] = {
            func line(
                _ channel: String, _ rule: String, _ copy: String, _ sequence: Int, _ outcome: HealthReport.Outcome,
                error: String? = nil, limit: String? = nil, duration: Double? = nil
            ) -> String {
                HealthReport(
                    at: 1_764_633_600, channel: channel, rule: rule, copy: copy, sequence: sequence, outcome: outcome,
                    error: error, limit: limit, duration: duration
                ).line
            }
            let lines = [
                line("production", "rollout-keynote-8", "keynote-8", 8, .ran, duration: 0.003),
                line("production", "rollout-keynote-8", "keynote-8", 8, .failed, error: errorA, duration: 0.004),
                "not a report",
                "",
                line("production", "rollout-keynote-8", "keynote-8", 8, .limit, limit: "time", duration: 0.5),
                line("production", "rollout-keynote-8", "keynote-8", 8, .failed, error: errorA, duration: 0.002),
                line("production", "default", "keynote-7", 7, .ran, duration: 0.0029),
                line("production", "default", "keynote-7", 7, .activated),
                #"{"at": 1}"#,
                line("beta", "default", "keynote-8", 8, .rolledBack, error: errorB),
            ]
            return Array((lines.joined(separator: "\n") + "\n\n").utf8)
        }()

        @Test("counts, rates, top errors, durations, and the unreadable lines with the first's number")
        func figures() throws {
            let summary = HealthSummary(lines: Self.fixture)
            #expect(summary.reports == 7)
            #expect(summary.unreadable == 2)
            #expect(summary.firstUnreadableLine == 3)
            #expect(summary.firstUnreadableReason?.hasPrefix("not JSON") == true)
            #expect(summary.groups.map(\.channel) == ["beta", "production", "production"])
            #expect(summary.groups.map(\.rule) == ["default", "default", "rollout-keynote-8"])
            let rollout = try #require(summary.groups.last)
            #expect(rollout.runs == 4)
            #expect(rollout.count(.failed) == 2)
            #expect(rollout.count(.limit) == 1)
            #expect(rollout.failures == 3)
            #expect(rollout.failureRate == 0.75)
            #expect(
                rollout.topErrors == [
                    HealthSummary.ErrorCount(error: Self.errorA, count: 2),
                    HealthSummary.ErrorCount(error: "limit: time", count: 1),
                ])
            #expect(rollout.p50Duration == 0.003)
            #expect(rollout.p95Duration == 0.5)
            let current = summary.groups[1]
            #expect(current.reports == 2)
            #expect(current.runs == 1)
            #expect(current.count(.activated) == 1)
            #expect(current.failureRate == 0)
            #expect(current.topErrors.isEmpty)
            #expect(summary.groups[0].failureRate == 1)
            #expect(summary.groups[0].p50Duration == nil)
        }

        @Test("the table, exactly")
        func text() {
            let expected = """
                channel     rule               copy (seq)     runs  failed  rate    p50 ms  p95 ms  top error
                beta        default            keynote-8 (8)  1     1       100.0%  -       -       keynote-8.lua:40:1: the copy was rolled… (1)
                production  default            keynote-7 (7)  1     0       0.0%    2.9     2.9     -
                production  rollout-keynote-8  keynote-8 (8)  4     3       75.0%   3.0     500.0   keynote-8.lua:12:3: attempt to index a… (2)
                2 unreadable lines, the first is line 3: not JSON: 1:1: 
                """
            let text = HealthSummary(lines: Self.fixture).text
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(Array(lines.prefix(4)) == expected.split(separator: "\n").prefix(4).map(String.init))
            #expect(lines[4].hasPrefix("2 unreadable lines, the first is line 3: not JSON: "))
            #expect(lines.count == 6 && lines[5].isEmpty)
            #expect(HealthSummary(lines: []).text == "no reports\n")
        }

        @Test("a huge name is cut at the column width, marked: the table grows with its rows, not its widest cell")
        func hugeName() throws {
            var lines = (0..<400).map { HealthReport(at: 1, copy: "c\($0)", outcome: .ran).line }
            let huge = String(repeating: "n", count: 100_000)
            lines.append(
                HealthReport(
                    at: 1, channel: "production\u{1B}[2J", rule: huge, copy: huge, sequence: 8, outcome: .failed,
                    error: huge
                ).line)
            let text = HealthSummary(lines: Array(lines.joined(separator: "\n").utf8)).text
            let rows = text.split(separator: "\n")
            try #require(rows.count == 402)
            let widest = TextTable.maximumCellWidth + 2
            #expect(rows.allSatisfy { $0.count <= 9 * widest }, "\(rows.map(\.count).max() ?? 0)")
            #expect(text.utf8.count <= rows.count * 9 * widest * 3)
            let cut = String(rows[401])
            let kept = TextTable.maximumCellWidth - 1
            #expect(cut.hasPrefix("production [2J  " + String(repeating: "n", count: kept) + "…  "), "\(cut)")
            let copy = String(repeating: "n", count: kept - " (8)".count) + "… (8)  1 "
            #expect(cut.contains(copy), "\(cut)")
            #expect(cut.hasSuffix(String(repeating: "n", count: 39) + "… (1)"), "\(cut)")
            let blank = { (width: Int) in "-" + String(repeating: " ", count: width + 1) }
            #expect(rows[400].hasPrefix(blank("production [2J".count) + blank(kept + 1) + "c99  "), "\(rows[400])")
        }

        @Test("the JSON document: the same figures, stable keys, and JSON the parser reads")
        func json() throws {
            let summary = HealthSummary(lines: Self.fixture)
            let document = summary.json
            let value = try JSONParser.parse(Array(document.utf8))
            guard case .array(let groups) = value["groups"]?.kind else {
                Issue.record("no groups: \(document)")
                return
            }
            #expect(groups.count == 3)
            guard case .number(let rate) = groups[2]["failureRate"]?.kind else {
                Issue.record("no rate")
                return
            }
            #expect(rate == "0.75")
            #expect(document.hasPrefix(#"{"reports": 7, "unreadable": 2, "firstUnreadableLine": 3, "#))
            let rollout = String(document.split(separator: "\n")[3])
            let expected: [String] = [
                #"  {"channel": "production", "rule": "rollout-keynote-8", "copy": "keynote-8", "sequence": 8, "#,
                #""reports": 4, "runs": 4, "outcomes": {"ran": 1, "failed": 2, "limit": 1, "quarantined": 0, "#,
                #""rolled-back": 0, "activated": 0}, "failures": 3, "failureRate": 0.75, "topErrors": "#,
                #"[{"error": "keynote-8.lua:12:3: attempt to index a nil value", "count": 2}, "#,
                #"{"error": "limit: time", "count": 1}], "p50Duration": 0.003, "p95Duration": 0.5}"#,
            ]
            #expect(rollout == expected.joined())
            #expect(
                HealthSummary(lines: []).json
                    == #"{"reports": 0, "unreadable": 0, "firstUnreadableLine": null, "firstUnreadableReason": null, "groups": []}"#
                    + "\n")
        }

        @Test("percentiles by nearest rank")
        func percentiles() {
            var lines: [String] = []
            for index in 1...100 {
                lines.append(HealthReport(at: 1, copy: "k", outcome: .ran, duration: Double(index) / 1000).line)
            }
            let group = HealthSummary(lines: Array(lines.joined(separator: "\n").utf8)).groups[0]
            #expect(group.p50Duration == 0.05)
            #expect(group.p95Duration == 0.095)
            #expect(group.channel == nil)
            let rows = HealthSummary(lines: Array(lines.joined(separator: "\n").utf8)).text.split(separator: "\n")
            #expect(rows.last == "-        -     k           100   0       0.0%  50.0    95.0    -")
        }
    }
#endif
