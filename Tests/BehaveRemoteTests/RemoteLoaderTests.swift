#if Remote
    import Behave
    import BehaveDemos
    import BehaveRemote
    import BehaveStore
    import BehaveTestSupport
    import Foundation
    import Testing

    /// The Swift API an app uses: `RemoteLoader` in front of `BehaveHost`, against a real server.
    @Suite("RemoteLoader API")
    struct RemoteLoaderTests {
        final class Output: @unchecked Sendable {
            var text = ""
        }

        func host(_ output: Output) throws -> BehaveHost {
            try BehaveHost(
                modules: [MyFirstModule(), MySecondModule()],
                output: OutputSink(write: { output.text += $0 }, diagnostic: { _ in }))
        }

        @Test func appLoadsRunsAndFallsBackThroughTheAPI() async throws {
            let server = try TestServer()
            let cache = try Tool.temporaryDirectory().path
            try server.serve(["/b.json": .body(RemoteFixtures.first, etag: "\"1\"")])
            var configuration = RemoteConfiguration()
            configuration.cacheDirectory = cache
            configuration.allowHTTP = true
            // Generous: the synchronous tool tests running beside these can hold every thread of the
            // cooperative pool for seconds, and the deadline starts before the request does.
            configuration.timeout = 300
            configuration.fallback = Behaviour(name: "bundled.json", source: RemoteFixtures.second)
            let output = Output()
            let host = try host(output)
            let loader = RemoteLoader(configuration)

            let fresh = try await loader.load(server.url("/b.json")) { host.check($0) }
            #expect(fresh.origin == .downloaded)
            #expect(fresh.warning == nil)
            _ = try await host.run(fresh.behaviour)
            #expect(output.text == RemoteFixtures.firstOutput)

            let revalidated = try await loader.load(server.url("/b.json")) { host.check($0) }
            #expect(revalidated.origin == .notModified)
            #expect(revalidated.behaviour.bytes == Array(RemoteFixtures.first.utf8))

            server.stop()
            let offline = try await loader.load(server.url("/b.json")) { host.check($0) }
            #expect(offline.origin == .lastGoodCopy)
            #expect(offline.warning?.contains("running the last good copy") == true)

            let other = try await loader.load(server.url("/other.json")) { host.check($0) }
            #expect(other.origin == .fallback)
            #expect(other.behaviour.name == "bundled.json")
        }

        @Test("a URL's copies and its fallback keep one store namespace: the URL's")
        func copiesAndFallbackShareTheNamespace() async throws {
            let server = try TestServer()
            let visits = "local n = (store.get('visits') or 0) + 1 store.set('visits', n) print(n)\n"
            try server.serve(["/visits.lua": .body(visits)])
            var configuration = RemoteConfiguration()
            configuration.cacheDirectory = try Tool.temporaryDirectory().path
            configuration.allowHTTP = true
            configuration.timeout = 300  // see appLoadsRunsAndFallsBackThroughTheAPI
            let bundledPath = try Tool.write(visits, to: "bundled.lua", in: try Tool.temporaryDirectory())
            configuration.fallback = try Behaviour.read(path: bundledPath)
            let store = BehaviourStore(directory: try Tool.temporaryDirectory().path + "/store")
            let output = Output()
            let host = try BehaveHost(
                modules: [], output: OutputSink(write: { output.text += $0 }, diagnostic: { _ in }),
                features: [StoreFeature(store)])
            let url = server.url("/visits.lua")
            let fresh = try await RemoteLoader(configuration).load(url) { host.check($0) }
            #expect(fresh.origin == .downloaded && fresh.behaviour.identity == url)
            _ = try await host.run(fresh.behaviour)
            // Another install: nothing cached and no network, so the fallback runs.
            server.stop()
            var offline = configuration
            offline.cacheDirectory = try Tool.temporaryDirectory().path
            let fallback = try await RemoteLoader(offline).load(url) { host.check($0) }
            #expect(fallback.origin == .fallback && fallback.behaviour.identity == url)
            _ = try await host.run(fallback.behaviour)
            #expect(output.text == "1\n2\n")
            #expect(try store.values(of: url) == ["visits": 2])
        }

        @Test("docs/remote.md's app code as written, against a real server")
        func documentedAppCode() async throws {
            let server = try TestServer()
            let team = SigningKey()
            let next = SigningKey()
            try server.serve([
                "/b.json": .body(RemoteFixtures.first),
                "/b.json.sig": .body(next.signature(for: Array(RemoteFixtures.first.utf8)).text),
            ])
            let currentKey = team.publicKey.text
            let nextKey = next.publicKey.text
            let bundledPath = try Tool.write(
                RemoteFixtures.second, to: "bundled.json", in: try Tool.temporaryDirectory())
            let url = server.url("/b.json")
            let output = Output()
            let host = try host(output)
            let logger = Logger()
            // snippet: remote-app
            var remote = RemoteConfiguration()
            remote.cacheDirectory = try Tool.temporaryDirectory().path  // (test)
            remote.allowHTTP = true  // (test)
            remote.timeout = 300  // (test) see appLoadsRunsAndFallsBackThroughTheAPI
            remote.publicKeys = [try PublicKey(text: currentKey), try PublicKey(text: nextKey)]
            remote.requireSignature = true
            remote.fallback = try Behaviour.read(path: bundledPath)  // the copy built into the app
            remote.minimumFetchInterval = 12 * 3600  // like Firebase Remote Config's default
            let loaded = try await RemoteLoader(remote).load(url) { host.check($0) }
            if let warning = loaded.warning { logger.warning("\(warning)") }  // loaded.origin says which copy
            let report = try await host.run(loaded.behaviour)
            // snippet end
            #expect(loaded.origin == .downloaded)
            #expect(logger.lines.isEmpty)
            #expect(report.failedTasks == 0)
            #expect(output.text == RemoteFixtures.firstOutput)
        }

        /// What the docs' app code logs to.
        final class Logger: @unchecked Sendable {
            var lines: [String] = []
            func warning(_ line: String) { lines.append(line) }
        }

        @Test(
            "the app configuration of docs/remote.md: shipped keys, required signature, bundled fallback, fetch interval"
        )
        func readmeAppConfiguration() async throws {
            let server = try TestServer()
            let team = SigningKey()
            let next = SigningKey()
            let bytes = Array(RemoteFixtures.first.utf8)
            try server.serve([
                "/b.json": .body(RemoteFixtures.first), "/b.json.sig": .body(next.signature(for: bytes).text),
            ])
            var remote = RemoteConfiguration()
            remote.cacheDirectory = try Tool.temporaryDirectory().path
            remote.allowHTTP = true
            remote.timeout = 300  // see appLoadsRunsAndFallsBackThroughTheAPI
            remote.publicKeys = [try PublicKey(text: team.publicKey.text), try PublicKey(text: next.publicKey.text)]
            remote.requireSignature = true
            remote.fallback = Behaviour(name: "bundled.json", source: RemoteFixtures.second)
            remote.minimumFetchInterval = 12 * 3600
            let output = Output()
            let host = try host(output)
            let loaded = try await RemoteLoader(remote).load(server.url("/b.json")) { host.check($0) }
            #expect(loaded.origin == .downloaded)
            #expect(loaded.signer == next.publicKey)
            #expect(loaded.warning == nil)
            _ = try await host.run(loaded.behaviour)
            #expect(output.text == RemoteFixtures.firstOutput)
            let again = try await RemoteLoader(remote).load(server.url("/b.json")) { host.check($0) }
            #expect(again.origin == .withinInterval)
            #expect(again.signer == next.publicKey)
            #expect(try server.requests().map(\.path) == ["/b.json", "/b.json.sig"])
        }

        @Test func appValidationDecidesWhatMayReplaceTheCache() async throws {
            let server = try TestServer()
            var configuration = RemoteConfiguration()
            configuration.cacheDirectory = try Tool.temporaryDirectory().path
            configuration.allowHTTP = true
            // Generous: the synchronous tool tests running beside these can hold every thread of the
            // cooperative pool for seconds, and the deadline starts before the request does.
            configuration.timeout = 300
            let loader = RemoteLoader(configuration)
            try server.serve(["/b.lua": .body("print('one')")])
            _ = try await loader.load(server.url("/b.lua")) { _ in [] }
            // The app refuses anything that mentions `os` (its own rule): the new copy is not kept.
            try server.serve(["/b.lua": .body("print(os.time())")])
            let refuse: (Behaviour) -> [Diagnostic] = { behaviour in
                String(decoding: behaviour.bytes, as: UTF8.self).contains("os.")
                    ? [Diagnostic(.error, file: behaviour.name, at: nil, "uses os")] : []
            }
            let loaded = try await loader.load(server.url("/b.lua"), validate: refuse)
            #expect(loaded.origin == .lastGoodCopy)
            #expect(loaded.behaviour.bytes == Array("print('one')".utf8))
            #expect(loaded.problem == .invalid([Diagnostic(.error, file: server.url("/b.lua"), at: nil, "uses os")]))
        }

        @Test func cacheStoreLeavesNoTemporaryFiles() throws {
            let directory = try Tool.temporaryDirectory().appendingPathComponent("nested/cache").path
            let cache = BehaviourCache(directory: directory)
            let entry = CacheEntry(
                url: "https://example.com/b.json", body: Array("[]".utf8), format: .json, etag: "\"x\"",
                fetchedAt: 1_700_000_000)
            try cache.store(entry)
            try cache.store(entry)
            #expect(try cache.entry(for: entry.url) == entry)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: directory) == [
                    URL(fileURLWithPath: cache.path(for: entry.url)).lastPathComponent
                ])
            #expect(try cache.entry(for: "https://example.com/other.json") == nil)
        }

        @Test func signatureURLKeepsTheQuery() {
            #expect(RemoteLoader.signatureURL(for: "https://a.example/b.json") == "https://a.example/b.json.sig")
            #expect(
                RemoteLoader.signatureURL(for: "https://a.example/b.json?v=2") == "https://a.example/b.json.sig?v=2")
        }
    }
#endif
