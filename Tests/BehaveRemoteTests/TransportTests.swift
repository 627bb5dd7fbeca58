#if Remote
    import Behave
    import BehaveDemos
    import BehaveRemote
    import BehaveTestSupport
    import Foundation
    import Testing

    #if canImport(Darwin)
        // snippet: remote-urlsession
        /// Remote behaviours through URLSession, for an app that routes its traffic there (a proxy,
        /// pinning in a delegate, the system's own network settings).
        struct URLSessionTransport: BehaviourTransport {
            /// Stops URLSession following redirects: the loader follows them itself, checking each hop.
            final class NoRedirects: NSObject, URLSessionTaskDelegate {
                func urlSession(
                    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest
                ) async -> URLRequest? { nil }
            }

            func get(_ request: TransportRequest) async throws(RemoteProblem) -> TransportResponse {
                guard let url = URL(string: request.url) else { throw .unreachable("not a URL: \(request.url)") }
                var outgoing = URLRequest(url: url, timeoutInterval: request.timeout)
                for header in request.headers { outgoing.addValue(header.value, forHTTPHeaderField: header.name) }
                let data: Data
                let response: URLResponse
                do {
                    (data, response) = try await URLSession.shared.data(for: outgoing, delegate: NoRedirects())
                } catch {
                    throw (error as? URLError)?.code == .timedOut
                        ? .timedOut(seconds: request.timeout) : .unreachable(error.localizedDescription)
                }
                guard let http = response as? HTTPURLResponse else { throw .protocolError("not an HTTP answer") }
                let headers = http.allHeaderFields.map { (name: "\($0.key)", value: "\($0.value)") }
                guard http.statusCode == 200 else {
                    return TransportResponse(status: http.statusCode, headers: headers)
                }
                guard data.count <= request.maximumSize else { throw .tooLarge(limit: request.maximumSize) }
                return TransportResponse(status: 200, headers: headers, body: [UInt8](data))
            }
        }
    // snippet end
    #endif

    /// `RemoteConfiguration.transport` and `headers` through the library API, against a real server.
    @Suite("Remote transports")
    struct TransportTests {
        /// A transport of the app's own: the default one, with every request it makes written down.
        final class RecordingTransport: BehaviourTransport, @unchecked Sendable {
            let inner = try! AsyncHTTPClientTransport()
            private let lock = NSLock()
            private var seen: [TransportRequest] = []
            var requests: [TransportRequest] { lock.withLock { seen } }

            func get(_ request: TransportRequest) async throws(RemoteProblem) -> TransportResponse {
                lock.withLock { seen.append(request) }
                return try await inner.get(request)
            }

            func shutdown() async { await inner.shutdown() }
        }

        @Test(
            "maximumWait 0: the cached copy at once, the refresh in the background, the fresh copy current at the next load"
        )
        func backgroundRefresh() async throws {
            let server = try TestServer()
            try server.serve(["/b.json": .body(RemoteFixtures.first)])
            var remote = RemoteConfiguration()
            remote.cacheDirectory = try Tool.temporaryDirectory().path
            remote.allowHTTP = true
            remote.timeout = 300
            let host = try BehaveHost(modules: [MyFirstModule(), MySecondModule()])
            _ = try await RemoteLoader(remote).load(server.url("/b.json")) { host.check($0) }
            try server.serve(["/b.json": TestServer.Route(body: RemoteFixtures.second, delay: 3)])
            // snippet: remote-max-wait
            remote.maximumWait = 0  // start on the cached copy; the fresh one is for the next launch
            let loaded = try await RemoteLoader(remote).load(server.url("/b.json")) { host.check($0) }
            if let refresh = loaded.refresh {
                Task { if await refresh.wait() == .fresh { print("a new behaviour runs at the next launch") } }
            }
            // snippet end
            #expect(loaded.origin == .cachedWhileRefreshing)
            #expect(loaded.behaviour.bytes == Array(RemoteFixtures.first.utf8))
            #expect(try server.requests().count == 1, "the load returned before the server answered")
            #expect(await loaded.refresh?.wait() == .fresh)
            server.stop()
            let next = try await RemoteLoader(remote).load(server.url("/b.json")) { host.check($0) }
            #expect(next.origin == .cachedWhileRefreshing)
            #expect(next.behaviour.bytes == Array(RemoteFixtures.second.utf8))
            guard case .failed(let why) = await next.refresh?.wait() else {
                Issue.record("the refresh with the server down should fail")
                return
            }
            #expect(why.hasPrefix(server.url("/b.json") + ": "))
        }

        @Test("a copy that fails its first run is quarantined through the API; the next load runs the one before")
        func quarantine() async throws {
            let server = try TestServer()
            try server.serve(["/b.lua": .body("print('good')")])
            var remote = RemoteConfiguration()
            remote.cacheDirectory = try Tool.temporaryDirectory().path
            remote.allowHTTP = true
            remote.timeout = 300
            let host = try BehaveHost(
                modules: [MyFirstModule()], output: OutputSink(write: { _ in }, diagnostic: { _ in }))
            let loader = RemoteLoader(remote)
            let url = server.url("/b.lua")
            let good = try await loader.load(url) { host.check($0) }
            _ = try await host.run(good.behaviour)
            try server.serve(["/b.lua": .body("on('x', function() error('late') end) emit('x')")])
            // snippet: remote-quarantine
            let loaded = try await loader.load(url) { host.check($0) }
            do {
                let report = try await host.run(loaded.behaviour)
                if report.failedTasks > 0 {
                    loader.quarantine(loaded, because: "\(report.failedTasks) handlers failed")
                }
            } catch {
                loader.quarantine(loaded, because: "\(error)")  // the next load runs the copy before it
            }
            // snippet end
            #expect(loaded.isFirstRun)
            #expect(loader.status(of: url).quarantine?.reason == "1 handlers failed")
            let next = try await loader.load(url) { host.check($0) }
            #expect(next.origin == .lastGoodCopy)
            #expect(next.behaviour.bytes == Array("print('good')".utf8))
            guard case .quarantined(let reason, _) = next.problem else {
                Issue.record("expected the quarantined copy to be refused, got \(String(describing: next.problem))")
                return
            }
            #expect(reason == "1 handlers failed")
            #expect(!loader.quarantine(next, because: "a copy that ran before is not set aside"))
        }

        @Test(
            "through the API: https with the app's authority, an older or expired signature refused, a copy the app cannot run refused"
        )
        func productionChecks() async throws {
            let certificates = try TestServer.makeCertificates()
            let server = try TestServer(
                tls: TestServer.pair("good", in: certificates))
            let team = SigningKey()
            let bytes = Array(RemoteFixtures.first.utf8)
            try server.serve([
                "/b.json": .body(RemoteFixtures.first),
                "/b.json.sig": .body(team.signature(for: bytes, sequence: 5).text),
            ])
            let caPath = certificates.appendingPathComponent("ca.pem").path
            var remote = RemoteConfiguration()
            remote.cacheDirectory = try Tool.temporaryDirectory().path
            remote.timeout = 300
            remote.publicKeys = [team.publicKey]
            remote.requireSignature = true
            // snippet: remote-tls
            remote.certificateAuthorities = caPath  // a PEM file: the company's own authority
            // snippet end
            let host = try BehaveHost(modules: [MyFirstModule(), MySecondModule()])
            let loader = RemoteLoader(remote)
            let url = server.url("/b.json")
            let first = try await loader.load(url) { host.check($0) }
            #expect(first.origin == .downloaded)
            #expect(first.signer == team.publicKey)
            // Without the authority the certificate is refused, and the cached copy runs.
            var untrusting = remote
            untrusting.certificateAuthorities = nil
            let refused = try await RemoteLoader(untrusting).load(url) { host.check($0) }
            #expect(refused.origin == .lastGoodCopy)
            #expect(refused.warning?.contains("the certificate of 127.0.0.1:\(server.port) is refused") == true)
            // An older sequence, then an expired signature: refused, the last good copy runs.
            let second = Array(RemoteFixtures.second.utf8)
            try server.serve([
                "/b.json": .body(RemoteFixtures.second),
                "/b.json.sig": .body(team.signature(for: second, sequence: 4).text),
            ])
            let older = try await loader.load(url) { host.check($0) }
            #expect(older.problem == .olderSequence(4, lastGood: 5))
            try server.serve([
                "/b.json": .body(RemoteFixtures.second),
                "/b.json.sig": .body(team.signature(for: second, sequence: 6, expires: 1_000_000_000).text),
            ])
            let expired = try await loader.load(url) { host.check($0) }
            #expect(expired.problem == .expired(at: 1_000_000_000))
            // A script that needs a newer app: refused by the app's own check.
            let lua = Array("-- requires: version >= 3\nprint('new')".utf8)
            try server.serve([
                "/b.json": .body("-- requires: version >= 3\nprint('new')", contentType: "text/x-lua"),
                "/b.json.sig": .body(team.signature(for: lua, sequence: 7).text),
            ])
            host.context["version"] = .string("2.4.0")
            let tooNew = try await loader.load(url) { host.check($0) }
            #expect(tooNew.origin == .lastGoodCopy)
            #expect(tooNew.warning?.contains("requires version >= 3; this app is 2.4.0") == true)
            host.context["version"] = .string("3.0")
            let fits = try await loader.load(url) { host.check($0) }
            #expect(fits.origin == .downloaded)
        }

        @Test("an app's transport makes every request, with the app's headers; the loader follows the redirect")
        func appTransport() async throws {
            let server = try TestServer()
            try server.serve([
                "/moved.json": TestServer.Route(redirect: "/b.json"),
                "/b.json": TestServer.Route(
                    body: RemoteFixtures.first, require_header: ["Authorization": "Bearer t0ken"]),
            ])
            let transport = RecordingTransport()
            // snippet: remote-headers
            var remote = RemoteConfiguration()
            remote.headers = [(name: "Authorization", value: "Bearer t0ken")]
            remote.transport = transport  // or URLSessionTransport() on Apple platforms
            // snippet end
            remote.cacheDirectory = try Tool.temporaryDirectory().path
            remote.allowHTTP = true
            remote.timeout = 300
            let host = try BehaveHost(modules: [MyFirstModule(), MySecondModule()])
            // The client is shut down on every path: one dropped unshut ends the whole test process.
            let loaded: RemoteBehaviour
            do {
                loaded = try await RemoteLoader(remote).load(server.url("/moved.json")) { host.check($0) }
            } catch {
                await transport.shutdown()
                throw error
            }
            await transport.shutdown()
            #expect(loaded.origin == .downloaded)
            #expect(loaded.behaviour.bytes == Array(RemoteFixtures.first.utf8))
            #expect(transport.requests.map(\.url) == [server.url("/moved.json"), server.url("/b.json")])
            let names = transport.requests.first?.headers.map(\.name) ?? []
            #expect(names == ["User-Agent", "Accept", "Authorization"])
            #expect(
                transport.requests.first?.headers.first?.value.hasPrefix("Behave/\(BehaveVersion.current) (") == true)
            #expect(try server.requests().map(\.authorization) == ["Bearer t0ken", "Bearer t0ken"])

            // Without the header the server refuses, and that is the reason given.
            remote.headers = []
            remote.transport = nil
            remote.cacheDirectory = try Tool.temporaryDirectory().path
            await #expect(throws: RemoteError.self) {
                try await RemoteLoader(remote).load(server.url("/b.json")) { host.check($0) }
            }
        }
    }
#endif
