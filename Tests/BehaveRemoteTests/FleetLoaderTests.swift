#if Remote
    import Behave
    import BehaveDemos
    import BehaveRemote
    import BehaveTestSupport
    import Foundation
    import PubSubFixture
    import Testing

    /// The Swift API of docs/fleet.md: `FleetLoader` in front of `BehaveHost`, a signed manifest
    /// served by a real server, and a `HealthReporter` sending to a real collector.
    @Suite("Fleet loader API")
    struct FleetLoaderTests {
        final class Output: @unchecked Sendable {
            var text = ""
        }

        /// A signed manifest at /manifest.json selecting /seven.lua for everyone on `production`,
        /// and /eight.lua for everyone whose tier is beta.
        static func serve(_ server: TestServer, key: SigningKey, sequence: Int64) throws -> FleetManifest {
            let seven = "print('seven')\n"
            let eight = "print('eight')\n"
            var manifest = try FleetManifest()
                .addingCopy(
                    name: "seven", url: server.url("/seven.lua"), sha256: SHA256.hex(Array(seven.utf8)), sequence: 7
                )
                .addingCopy(
                    name: "eight", url: server.url("/eight.lua"), sha256: SHA256.hex(Array(eight.utf8)), sequence: 8
                )
                .pointing(channel: "production", to: "seven")
            manifest = try manifest.rollingOut(
                channel: "production", copy: "eight", percent: 100, when: [.field("tier", is: "beta")])
            let bytes = manifest.encoded()
            try server.serve(
                routes(bytes, signature: key.signature(for: bytes, sequence: sequence), seven: seven, eight: eight))
            return manifest
        }

        /// The server's routes: the manifest's bytes, its signature, and the copies' bytes as served.
        static func routes(_ bytes: [UInt8], signature: Signature, seven: String, eight: String? = nil)
            -> [String: TestServer.Route]
        {
            var routes: [String: TestServer.Route] = [
                "/manifest.json": .body(String(decoding: bytes, as: UTF8.self), contentType: "application/json"),
                "/manifest.json.sig": .body(signature.text), "/seven.lua": .body(seven),
            ]
            if let eight { routes["/eight.lua"] = .body(eight) }
            return routes
        }

        @Test func appLoadsTheSelectedCopyAndReportsItsRun() async throws {
            let server = try TestServer()
            let collector = try HealthCollector()
            let key = SigningKey()
            _ = try Self.serve(server, key: key, sequence: 3)
            let shippedKey = key.publicKey.text
            let bundled = Behaviour(name: "bundled.lua", source: "print('bundled')")
            let manifestURL = server.url("/manifest.json")
            let collectorURL = collector.url
            let installID = "install-1"
            let appVersion = "2.4.0"
            let healthDirectory = try Tool.temporaryDirectory().path
            let output = Output()
            let host = try BehaveHost(
                modules: [], output: OutputSink(write: { output.text += $0 }, diagnostic: { _ in }))
            let started = 1_796_169_600.0
            var logged: [String] = []
            func log(_ line: String) { logged.append(line) }
            // snippet: fleet-app
            var remote = RemoteConfiguration()
            remote.cacheDirectory = try Tool.temporaryDirectory().path  // (test)
            remote.allowHTTP = true  // (test)
            remote.timeout = 300  // (test) the suites beside it can hold the pool's threads
            remote.publicKeys = [try PublicKey(text: shippedKey)]
            remote.requireSignature = true
            remote.fallback = bundled
            let fleet = FleetLoader(remote, channel: "production", installID: installID)
            let loaded = try await fleet.load(manifestURL, context: ["platform": "ios", "version": appVersion]) {
                host.check($0)
            }
            for warning in loaded.warnings { log(warning) }
            let report = try await host.run(loaded.copy.behaviour)
            fleet.ran(loaded)

            var health = HealthConfiguration(collector: collectorURL, directory: healthDirectory)
            health.allowedFields = ["platform"]
            health.connection.allowHTTP = true  // (test)
            let reporter = try HealthReporter(health)
            _ = reporter.record(
                HealthReport(
                    at: started, channel: "production", rule: loaded.selection?.rule ?? "default",
                    copy: loaded.selection?.copyName ?? "fallback", sequence: loaded.selection?.copy?.sequence,
                    outcome: report.failedTasks == 0 ? .ran : .failed, context: ["platform": "ios"]))
            Task.detached { _ = await reporter.flush(within: 10) }
            // snippet end
            #expect(logged.isEmpty, "\(logged)")
            #expect(output.text == "seven\n")
            #expect(loaded.selection?.rule == nil)
            let lines = await collector.lines(atLeast: 1, seconds: 300)
            #expect(lines.count == 1)
            #expect(lines.first?.contains(#""copy": "seven", "sequence": 7, "outcome": "ran""#) == true, "\(lines)")

            // A beta device gets eight through the rule.
            let beta = try await fleet.load(manifestURL, context: ["tier": "beta"]) { host.check($0) }
            #expect(beta.selection?.rule == "rollout-eight")
            #expect(beta.copy.behaviour.bytes == Array("print('eight')\n".utf8))
        }

        @Test("a copy whose bytes are not the manifest's digest does not run; an older manifest is refused")
        func digestAndSequence() async throws {
            let server = try TestServer()
            let key = SigningKey()
            let manifest = try Self.serve(server, key: key, sequence: 5)
            var remote = RemoteConfiguration()
            remote.cacheDirectory = try Tool.temporaryDirectory().path
            remote.allowHTTP = true
            remote.timeout = 300
            remote.publicKeys = [key.publicKey]
            remote.requireSignature = true
            remote.fallback = Behaviour(name: "bundled.lua", source: "print('bundled')")
            let host = try BehaveHost(modules: [])
            let fleet = FleetLoader(remote, channel: "production", installID: "install-1")
            let first = try await fleet.load(server.url("/manifest.json"), context: [:]) { host.check($0) }
            #expect(first.copy.origin == .downloaded)

            // The same manifest signed with a lower sequence: the last good manifest stands.
            let bytes = manifest.encoded()
            try server.serve(
                Self.routes(bytes, signature: key.signature(for: bytes, sequence: 4), seven: "print('tampered')\n"))
            let replayed = try await fleet.load(server.url("/manifest.json"), context: [:]) { host.check($0) }
            #expect(replayed.manifest.origin == .lastGoodCopy)
            #expect(replayed.manifest.warning?.contains("its sequence 4 is lower than the last good copy's 5") == true)
            // The copy served now is not the manifest's bytes: the last good copy runs.
            #expect(replayed.copy.origin == .lastGoodCopy)
            #expect(replayed.copy.behaviour.bytes == Array("print('seven')\n".utf8))
            #expect(replayed.copy.warning?.contains("is not the manifest's") == true, "\(replayed.warnings)")

            // A device with nothing cached gets the app's fallback, which no digest pins.
            var fresh = remote
            fresh.cacheDirectory = try Tool.temporaryDirectory().path
            let newDevice = FleetLoader(fresh, channel: "production", installID: "install-2")
            let bundled = try await newDevice.load(server.url("/manifest.json"), context: [:]) { host.check($0) }
            #expect(bundled.copy.origin == .fallback)
            #expect(bundled.copy.behaviour.bytes == Array("print('bundled')".utf8))
        }

        @Test("each copy a channel selects, and the fallback, have one identity: the manifest's URL and the channel")
        func oneNamespaceAcrossCopies() async throws {
            let server = try TestServer()
            let key = SigningKey()
            _ = try Self.serve(server, key: key, sequence: 3)
            var remote = RemoteConfiguration()
            remote.cacheDirectory = try Tool.temporaryDirectory().path
            remote.allowHTTP = true
            remote.timeout = 300
            remote.publicKeys = [key.publicKey]
            remote.requireSignature = true
            let bundledPath = try Tool.write("print('bundled')\n", to: "bundled.lua", in: try Tool.temporaryDirectory())
            remote.fallback = try Behaviour.read(path: bundledPath)
            let host = try BehaveHost(modules: [])
            let url = server.url("/manifest.json")
            let fleet = FleetLoader(remote, channel: "production", installID: "install-1")
            let seven = try await fleet.load(url, context: [:]) { host.check($0) }
            let eight = try await fleet.load(url, context: ["tier": "beta"]) { host.check($0) }
            // A device with nothing cached and no network runs the fallback.
            server.stop()
            var fresh = remote
            fresh.cacheDirectory = try Tool.temporaryDirectory().path
            let bundled = try await FleetLoader(fresh, channel: "production", installID: "install-2").load(
                url, context: [:]
            ) { host.check($0) }
            #expect(seven.selection?.copyName == "seven" && eight.selection?.copyName == "eight")
            #expect(bundled.copy.origin == .fallback)
            let identity = FleetLoader.identity(manifest: url, channel: "production")
            #expect(identity == url + "#production")
            #expect([seven, eight, bundled].map(\.copy.behaviour.identity) == [identity, identity, identity])
        }
    }

#endif
