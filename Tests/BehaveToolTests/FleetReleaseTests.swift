#if Remote
    import BehaveRemote
    import BehaveTestSupport
    import Foundation
    import Testing

    /// A release through a signed fleet manifest, from the operator's `behave fleet` commands to a
    /// device's `behave run --channel`, against a real server on 127.0.0.1: each change reaches the
    /// device at its next manifest fetch.
    @Suite("Fleet release")
    struct FleetReleaseTests {
        /// The operator's directory, served as it is: the manifest, its signature and the copies.
        struct Release {
            let server: TestServer
            let work: URL
            let key: String
            let pub: String

            init() async throws {
                server = try TestServer()
                work = try Tool.temporaryDirectory()
                #expect(try await Tool.runDetached(["keygen", "team"], in: work).status == 0)
                key = work.appendingPathComponent("team.key").path
                pub = work.appendingPathComponent("team.pub").path
                var routes: [String: TestServer.Route] = [:]
                for name in ["manifest.json", "manifest.json.sig", "c7.lua", "c8.lua", "c9.lua"] {
                    routes["/" + name] = TestServer.Route(file: work.appendingPathComponent(name).path)
                }
                try server.serve(routes)
                for copy in ["7", "8", "9"] {
                    _ = try Tool.write("print('copy \(copy)')\n", to: "c\(copy).lua", in: work)
                }
            }

            /// `behave fleet ARGS… --key team.key` on the served manifest; its stdout.
            @discardableResult
            func fleet(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) async throws -> String
            {
                let result = try await Tool.runDetached(
                    ["fleet", arguments[0], "manifest.json"] + arguments.dropFirst() + ["--key", key], in: work)
                #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
                return result.stdout
            }

            /// `behave fleet add manifest.json cN cN.lua --url …` for each copy.
            func add(_ copies: String...) async throws {
                for copy in copies { try await fleet("add", copy, copy + ".lua", "--url", server.url("/\(copy).lua")) }
            }

            /// A device: its own cache, install id and context; what it ran.
            func device(_ id: String, _ extra: [String] = []) async throws -> Tool.Result {
                try await Tool.runDetached(
                    [
                        "run", server.url("/manifest.json"), "--channel", "production", "--install-id", id,
                        "--public-key", pub, "--require-signature", "--allow-http",
                        "--cache-dir", work.appendingPathComponent("cache-\(id)").path, "--context", "platform=ios",
                    ] + extra, in: work)
            }
        }

        /// Install ids inside and outside a 5% rollout of `rule` (its salt).
        static func ids(for rule: String) -> (inside: [String], outside: String) {
            let all = (0..<2000).map { "install-\($0)" }
            let inside = all.filter { FleetBucket.of(installID: $0, salt: rule) < 500 }
            let outside = all.first { FleetBucket.of(installID: $0, salt: rule) >= 500 }!
            return (Array(inside.prefix(2)), outside)
        }

        @Test("rollout, pause, kill and roll back each reach a device within one manifest fetch")
        func releaseReachesDevices() async throws {
            let release = try await Release()
            try await release.fleet("new")
            try await release.add("c7", "c8", "c9")
            try await release.fleet("point", "production", "c7")
            let (inside, outside) = Self.ids(for: "rollout-c8")
            #expect(try await release.device(inside[0]).stdout == "copy 7\n")

            let rollout = try await release.fleet(
                "rollout", "production", "c8", "--percent", "5", "--when", "platform=ios")
            #expect(rollout.contains("+ rule rollout-c8: 5% of devices where platform = ios get c8"), "\(rollout)")
            #expect(try await release.device(inside[0]).stdout == "copy 8\n")
            #expect(try await release.device(outside).stdout == "copy 7\n")
            // Not on iOS: no rule matches.
            #expect(
                try await release.device(inside[0] + "-android", ["--context", "platform=android"]).stdout == "copy 7\n"
            )

            try await release.fleet("pause", "production", "rollout-c8")
            #expect(try await release.device(inside[0]).stdout == "copy 8\n", "a device that has the copy keeps it")
            #expect(try await release.device(inside[1]).stdout == "copy 7\n", "no new device gets it")

            let kill = try await release.fleet("kill", "c8")
            #expect(kill.contains("+ killed c8"), "\(kill)")
            #expect(try await release.device(inside[0]).stdout == "copy 7\n")

            try await release.fleet("point", "production", "c9")
            #expect(try await release.device(outside).stdout == "copy 9\n")
            let manifest = release.work.appendingPathComponent("manifest.json")
            let pointed = try (Data(contentsOf: manifest), Data(contentsOf: manifest.appendingPathExtension("sig")))

            let rollback = try await release.fleet("rollback", "production")
            #expect(rollback.contains("- everyone else gets c9") && rollback.contains("+ everyone else gets c7"))
            #expect(try await release.device(outside).stdout == "copy 7\n")

            // The manifest before the rollback, validly signed, served again: refused as older.
            try pointed.0.write(to: manifest)
            try pointed.1.write(to: manifest.appendingPathExtension("sig"))
            let replayed = try await release.device(outside)
            #expect(replayed.status == 10, "\(replayed.stderr)")
            #expect(replayed.stdout == "copy 7\n")
            #expect(replayed.stderr.contains("is lower than the last good copy's"), "\(replayed.stderr)")
        }

        @Test("a rollout from one copy to the next keeps the behaviour's store, and so does the fallback")
        func rolloutKeepsTheStore() async throws {
            let release = try await Release()
            let visit = "local n = (store.get('visits') or 0) + 1\nstore.set('visits', n)\n"
            for copy in ["7", "8"] {
                _ = try Tool.write(visit + "print('copy \(copy), visit ' .. n)\n", to: "c\(copy).lua", in: release.work)
            }
            let fallback = try Tool.write(
                visit + "print('fallback, visit ' .. n)\n", to: "bundled.lua", in: release.work)
            try await release.fleet("new")
            try await release.add("c7", "c8")
            try await release.fleet("point", "production", "c7")
            let storeDirectory = release.work.appendingPathComponent("store").path
            let store = ["--store-dir", storeDirectory, "--fallback", fallback]
            #expect(try await release.device("install-1", store).stdout == "copy 7, visit 1\n")
            try await release.fleet("point", "production", "c8")
            #expect(try await release.device("install-1", store).stdout == "copy 8, visit 2\n")
            // Another install on this machine, with nothing cached and no network: the fallback.
            release.server.stop()
            let offline = try await release.device("install-2", store)
            #expect(offline.status == 11 && offline.stdout == "fallback, visit 3\n", "\(offline.stderr)")
            let identity = release.server.url("/manifest.json") + "#production"
            let listed = try await Tool.runDetached(["store", "--store-dir", storeDirectory], in: release.work)
            #expect(listed.stdout == "\(identity)  1 key, 9 bytes\n", "\(listed.stderr)")
            let shown = try await Tool.runDetached(
                ["store", "--store-dir", storeDirectory, identity], in: release.work)
            #expect(shown.stdout == "{\"visits\":3}\n", "\(shown.stderr)")
        }

        @Test("which names the copy and the rule; a killed default selects the app's fallback")
        func whichSaysWhy() async throws {
            let release = try await Release()
            try await release.fleet("new")
            try await release.add("c7", "c8")
            try await release.fleet("point", "production", "c7")
            try await release.fleet("rollout", "production", "c8", "--percent", "5")
            let (inside, outside) = Self.ids(for: "rollout-c8")
            let chosen = try await Tool.runDetached(
                ["which", "manifest.json", "--channel", "production", "--install-id", inside[0]], in: release.work)
            #expect(chosen.status == 0, "\(chosen.stderr)")
            #expect(chosen.stdout.hasPrefix("production: c8 ("), "\(chosen.stdout)")
            #expect(chosen.stdout.contains("chosen by rule rollout-c8 (bucket "), "\(chosen.stdout)")
            let other = try await Tool.runDetached(
                ["which", "manifest.json", "--channel", "production", "--install-id", outside, "--json"],
                in: release.work)
            #expect(other.stdout.contains(#""rule": null, "copy": "c7""#), "\(other.stdout)")

            // Two --when on one field are one condition with both tests, which the manifest can hold.
            try await release.fleet(
                "rollout", "production", "c8", "--percent", "100", "--rule", "v2", "--when", #"{"v": {"gte": 2}}"#,
                "--when", #"{"v": {"lt": 3}}"#)
            for (v, copy) in [("2.5", "c8"), ("3", "c7")] {
                let answer = try await Tool.runDetached(
                    [
                        "which", "manifest.json", "--channel", "production", "--install-id", outside, "--context",
                        "v=\(v)",
                    ],
                    in: release.work)
                #expect(answer.stdout.hasPrefix("production: \(copy) ("), "\(v): \(answer.stdout) \(answer.stderr)")
            }
            // A copy's URL must be one a device can fetch; nothing is written otherwise.
            let before = try Data(contentsOf: release.work.appendingPathComponent("manifest.json"))
            let badURL = try await Tool.runDetached(
                [
                    "fleet", "add", "manifest.json", "c9", "c9.lua", "--url", "cdn.example.com/c9.lua", "--key",
                    release.key,
                ],
                in: release.work)
            #expect(badURL.status == 65)
            #expect(badURL.stderr.contains("is not an https:// or http:// URL"), "\(badURL.stderr)")
            #expect(try Data(contentsOf: release.work.appendingPathComponent("manifest.json")) == before)

            try await release.fleet("kill", "c7")
            try await release.fleet("kill", "c8")
            let none = try await Tool.runDetached(
                ["which", "manifest.json", "--channel", "production", "--install-id", outside], in: release.work)
            #expect(none.stdout.hasPrefix("production: the app's fallback"), "\(none.stdout)")
            let unknown = try await Tool.runDetached(
                ["which", "manifest.json", "--channel", "nightly", "--install-id", outside], in: release.work)
            #expect(unknown.status == 65)
            #expect(unknown.stderr.contains("nightly"), "\(unknown.stderr)")
        }

        @Test("a malformed manifest is refused with its line and column; nothing is written")
        func malformedManifest() async throws {
            let release = try await Release()
            let path = try Tool.write(
                "{\"format\": \"behave-manifest/1\",\n \"chanels\": {}}\n", to: "manifest.json", in: release.work)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let result = try await Tool.runDetached(
                ["fleet", "point", "manifest.json", "production", "c7", "--key", release.key], in: release.work)
            #expect(result.status == 65)
            #expect(result.stderr.hasPrefix("manifest.json:2:2: error: unknown key \"chanels\""), "\(result.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
            #expect(!FileManager.default.fileExists(atPath: path + ".sig"))
        }
    }
#endif
