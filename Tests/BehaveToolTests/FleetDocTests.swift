#if Remote
    import BehaveRemote
    import BehaveTestSupport
    import Foundation
    import PubSubFixture
    import Testing

    /// docs/fleet.md's release, run block by block against a real server for the copies and a real
    /// collector (nginx) for the health reports; each output block is what the commands print, but
    /// for the sequence, the key's fingerprint, a digest and the durations.
    @Suite("Docs: fleet release")
    struct FleetDocTests {
        static let doc = "docs/fleet.md"

        /// The operator's directory, served, and the collector.
        struct Walk {
            let work: URL
            let server: TestServer
            let collector: HealthCollector

            init() async throws {
                work = try Tool.temporaryDirectory()
                server = try TestServer()
                collector = try HealthCollector()
                let keynote = try Docs.text("scripts/examples/keynote.lua")
                _ = try Tool.write(keynote, to: "keynote-7.lua", in: work)
                _ = try Tool.write(
                    keynote.replacingOccurrences(of: "Thank you for riding", with: "Thanks for riding"),
                    to: "keynote-8.lua", in: work)
                _ = try Tool.write(
                    keynote.replacingOccurrences(of: "Thank you for riding", with: "Thank you, again, for riding"),
                    to: "keynote-9.lua", in: work)
                _ = try Tool.write(
                    try Docs.text("scripts/examples/keynote-events.jsonl"), to: "keynote-events.jsonl", in: work)
                var routes: [String: TestServer.Route] = [:]
                for name in ["manifest.json", "manifest.json.sig", "keynote-7.lua", "keynote-8.lua", "keynote-9.lua"] {
                    routes["/" + name] = TestServer.Route(file: work.appendingPathComponent(name).path)
                }
                try server.serve(routes)
            }

            /// Runs the block `name`, with the example hosts replaced by the real ones.
            func run(_ name: String, extra: String = "", sourceLocation: SourceLocation = #_sourceLocation) async throws
                -> Tool.Result
            {
                let script = try Docs.block(name, in: FleetDocTests.doc)
                    .replacingOccurrences(of: "https://cdn.example.com", with: server.url(""))
                    .replacingOccurrences(of: "https://collector.example.com/behave", with: collector.url)
                    .replacingOccurrences(of: "behave run ", with: "behave run --allow-http \(extra) ")
                let result = try await DocsTests.bashDetached(script, in: work)
                #expect(result.status == 0, "\(name): \(result.stderr)", sourceLocation: sourceLocation)
                return result
            }

            /// Compares `result` with the output block `name`, its placeholders standing for anything.
            func expect(_ result: Tool.Result, is name: String, sourceLocation: SourceLocation = #_sourceLocation)
                async throws
            {
                let expected = try Docs.block(name, in: FleetDocTests.doc)
                let actual = result.stdout
                    .replacingOccurrences(of: server.url(""), with: "https://cdn.example.com")
                    .replacing(#/sequence \d+, signed by [0-9a-f]+/#, with: "sequence SEQUENCE, signed by FINGERPRINT")
                    .replacing(#/sha256 [0-9a-f]{12}…/#, with: "sha256 DIGEST…")
                #expect(actual == expected, sourceLocation: sourceLocation)
            }
        }

        @Test("sign, rehearse, 5%, health, 50%, pause, kill, roll back, which")
        func release() async throws {
            let walk = try await Walk()
            _ = try await walk.run("fleet-setup")
            try await walk.expect(try await walk.run("fleet-rehearse"), is: "fleet-rehearse-output")

            // Two devices: one inside the 5%, one outside, each with its own cache.
            let ids = (0..<2000).map { "device-\($0)" }
            let inside = ids.first { FleetBucket.of(installID: $0, salt: "rollout-keynote-8") < 500 }!
            let outside = ids.first { FleetBucket.of(installID: $0, salt: "rollout-keynote-8") >= 500 }!
            for id in [inside, outside] {
                let cache = walk.work.appendingPathComponent("cache-\(id)").path
                let ran = try await walk.run("fleet-device", extra: "--install-id \(id) --cache-dir \(cache)")
                let thanks = id == inside ? "Thanks for riding with us!" : "Thank you for riding with us!"
                #expect(ran.stdout.contains(thanks), "\(ran.stdout)")
            }
            let lines = await walk.collector.lines(atLeast: 2)
            #expect(lines.count == 2)
            #expect(lines.allSatisfy { $0.contains(#""context": {"platform": "ios"}"#) }, "\(lines)")
            try (lines.joined(separator: "\n") + "\n").write(
                to: walk.work.appendingPathComponent("collected.jsonl"), atomically: true, encoding: .utf8)
            let health = try await walk.run("fleet-health")
            let expected = try Docs.block("fleet-health-output", in: Self.doc)
            // Durations differ from run to run: the other columns are the doc's.
            func columns(_ text: String) -> [[String]] {
                text.split(separator: "\n").map { line in
                    line.split(separator: "  ", omittingEmptySubsequences: true).map {
                        $0.trimmingCharacters(in: .whitespaces)
                    }.enumerated().filter { $0.offset != 6 && $0.offset != 7 }.map(\.element)
                }
            }
            #expect(columns(health.stdout) == columns(expected), "\(health.stdout)")

            try await walk.expect(try await walk.run("fleet-widen"), is: "fleet-widen-output")
            try await walk.expect(try await walk.run("fleet-stop"), is: "fleet-stop-output")
            // Killed: the device that had keynote-8 is back on keynote-7 at its next fetch.
            let cache = walk.work.appendingPathComponent("cache-\(inside)").path
            let after = try await walk.run("fleet-device", extra: "--install-id \(inside) --cache-dir \(cache)")
            #expect(after.stdout.contains("Thank you for riding with us!"), "\(after.stdout)")
            try await walk.expect(try await walk.run("fleet-rollback"), is: "fleet-rollback-output")
            try await walk.expect(try await walk.run("fleet-which"), is: "fleet-which-output")
        }

        @Test("the manifest and the report of the doc are what the tool reads")
        func formats() async throws {
            let manifest = try Docs.block("fleet-manifest", in: Self.doc)
            let parsed = try FleetManifest(parsing: Array(manifest.utf8), file: "fleet-manifest")
            #expect(parsed.channels["production"]?.rules.first?.percent == 5)
            let report = try Docs.block("fleet-report", in: Self.doc)
            let read = try HealthReport(line: Array(report.dropLast().utf8))
            #expect(read.outcome == .failed)
            #expect(read.line + "\n" == report)
            // The collector the tests post to is this configuration (HealthCollector).
            #expect(try Docs.block("fleet-collector-nginx", in: Self.doc) == Docs.text("deploy/health/collector.conf"))
        }
    }
#endif
