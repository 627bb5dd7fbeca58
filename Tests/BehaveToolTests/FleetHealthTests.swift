#if Remote
    import BehaveTestSupport
    import Foundation
    import PubSubFixture
    import Testing

    /// `behave run --channel … --health-url`: each run's report, queued on disk, reaches a real
    /// collector (nginx on 127.0.0.1) with only the allow-listed context; a dead collector loses none.
    @Suite("Fleet health reports")
    struct FleetHealthTests {
        /// A served, signed manifest whose production channel runs `print('seven')` for everyone.
        struct Device {
            let release: FleetReleaseTests.Release
            let queue: String

            init() async throws {
                release = try await FleetReleaseTests.Release()
                try await release.fleet("new")
                try await release.add("c7")
                try await release.fleet("point", "production", "c7")
                queue = release.work.appendingPathComponent("queue").path
            }

            func run(collector: String, _ extra: [String] = []) async throws -> Tool.Result {
                try await release.device(
                    "phone",
                    ["--health-url", collector, "--health-queue", queue, "--health-wait", "30"] + extra)
            }

            var queued: String { (try? String(contentsOfFile: queue + "/queue.jsonl", encoding: .utf8)) ?? "" }
        }

        @Test("a dead collector loses no report and fails no run; the next run sends them all")
        func deadCollector() async throws {
            let device = try await Device()
            let closed = "http://127.0.0.1:9/behave"
            let first = try await device.run(collector: closed)
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout == "copy 7\n")
            #expect(first.stderr.contains("health reports not sent"), "\(first.stderr)")
            // Within the backoff, no send is tried: the report waits with the first.
            let second = try await device.run(collector: closed)
            #expect(second.status == 0, "\(second.stderr)")
            #expect(device.queued.split(separator: "\n").count == 2, "\(device.queued)")

            try await Task.sleep(nanoseconds: 1_500_000_000)  // past the first backoff (at most 1 s)
            let collector = try HealthCollector()
            defer { collector.stop() }
            let third = try await device.run(collector: collector.url)
            #expect(third.status == 0, "\(third.stderr)")
            let lines = await collector.lines(atLeast: 3)
            #expect(lines.count == 3, "\(lines)")
            #expect(lines.allSatisfy { $0.contains(#""rule": "default", "copy": "c7""#) }, "\(lines)")
            #expect(device.queued.isEmpty, "\(device.queued)")
        }

        @Test("nothing outside --health-field leaves the device, nor reaches its disk")
        func allowList() async throws {
            let device = try await Device()
            let collector = try HealthCollector()
            defer { collector.stop() }
            let result = try await device.run(
                collector: collector.unavailableURL,
                ["--context", "email=someone@example.com", "--context", "tier=beta", "--health-field", "tier"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(device.queued.contains(#""context": {"tier": "beta"}"#), "\(device.queued)")
            #expect(!device.queued.contains("email") && !device.queued.contains("someone@"), "\(device.queued)")

            try await Task.sleep(nanoseconds: 1_500_000_000)
            let sent = try await device.run(
                collector: collector.url,
                ["--context", "email=someone@example.com", "--context", "tier=beta", "--health-field", "tier"])
            #expect(sent.status == 0, "\(sent.stderr)")
            let collected = String(decoding: await collector.lines(atLeast: 2).joined().utf8, as: UTF8.self)
            #expect(collected.contains(#""tier": "beta""#), "\(collected)")
            #expect(!collected.contains("email") && !collected.contains("someone@"), "\(collected)")
            #expect(!collected.contains("platform"), "the tool's own context is not allow-listed either")
        }

        @Test("behave health summarises collected reports by rule and copy; --fail-above gates a rollout")
        func summary() async throws {
            let work = try Tool.temporaryDirectory()
            let reports = [
                #"{"at": 1, "channel": "production", "rule": "default", "copy": "c7", "sequence": 7, "outcome": "ran", "duration": 0.002}"#,
                #"{"at": 2, "channel": "production", "rule": "rollout-c8", "copy": "c8", "sequence": 8, "outcome": "failed", "error": "c8.lua:3:1: boom", "duration": 0.004}"#,
                #"{"at": 3, "channel": "production", "rule": "rollout-c8", "copy": "c8", "sequence": 8, "outcome": "ran", "duration": 0.004}"#,
                "not a report",
            ]
            _ = try Tool.write(reports.joined(separator: "\n") + "\n", to: "collected.jsonl", in: work)
            let result = try await Tool.runDetached(["health", "collected.jsonl"], in: work)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("rollout-c8"), "\(result.stdout)")
            #expect(result.stdout.contains("50.0%"), "\(result.stdout)")
            #expect(result.stdout.contains("c8.lua:3:1: boom (1)"), "\(result.stdout)")
            #expect(
                result.stderr.hasPrefix("behave: warning: collected.jsonl:4: 1 line is not a report"),
                "\(result.stderr)")
            let gate = try await Tool.runDetached(["health", "collected.jsonl", "--fail-above", "10"], in: work)
            #expect(gate.status == 1)
            #expect(
                gate.stderr.contains("c8 (rule rollout-c8) fails 1 of 2 runs, above --fail-above 10.0%"),
                "\(gate.stderr)")
            let missing = try await Tool.runDetached(["health", "nowhere.jsonl"], in: work)
            #expect(missing.status == 66)

            // Served: fetched as a copy is, plain http only with --allow-http.
            let server = try TestServer()
            try server.serve(["/collected.jsonl": .body(reports.joined(separator: "\n") + "\n")])
            let served = try await Tool.runDetached(
                ["health", server.url("/collected.jsonl"), "--allow-http"], in: work)
            #expect(served.status == 0, "\(served.stderr)")
            #expect(served.stdout == result.stdout)
            let plain = try await Tool.runDetached(["health", server.url("/collected.jsonl")], in: work)
            #expect(plain.status == 69)
            #expect(plain.stderr.contains("plain http is refused without --allow-http"), "\(plain.stderr)")
        }

        @Test("behave health cuts a device's huge name at the column width: the output grows with the rows")
        func hugeName() async throws {
            let work = try Tool.temporaryDirectory()
            var reports = (0..<400).map { #"{"at": 1, "copy": "c\#($0)", "outcome": "ran"}"# }
            let huge = String(repeating: "n", count: 100_000)
            reports.append(#"{"at": 1, "rule": "\#(huge)", "copy": "\#(huge)", "sequence": 8, "outcome": "ran"}"#)
            _ = try Tool.write(reports.joined(separator: "\n") + "\n", to: "collected.jsonl", in: work)
            let result = try await Tool.runDetached(["health", "collected.jsonl"], in: work)
            #expect(result.status == 0, "\(result.stderr)")
            let rows = result.stdout.split(separator: "\n")
            #expect(rows.count == 402)
            #expect(result.stdout.utf8.count <= 402 * 9 * 66 * 3, "\(result.stdout.utf8.count) bytes")
            #expect(result.stdout.contains(String(repeating: "n", count: 59) + "… (8)"), "\(rows.last ?? "")")
        }
    }
#endif
