#if Remote
    import Behave
    import BehaveRemote
    import BehaveTestSupport
    import Foundation
    import Testing

    /// The cache's records beside its copies, through the API: validation verdicts remembered per
    /// bytes and validator, quarantine records bounded, a slow transport cut at the deadline.
    @Suite("Remote cache records")
    struct CacheRecordsTests {
        final class Count: @unchecked Sendable {
            var value = 0
        }

        func configuration(cache: String) -> RemoteConfiguration {
            var configuration = RemoteConfiguration()
            configuration.cacheDirectory = cache
            configuration.allowHTTP = true
            configuration.timeout = 300
            return configuration
        }

        @Test(
            "a copy's validation verdict is remembered per bytes and validator: unchanged bytes are not validated again"
        )
        func verdictsAreRemembered() async throws {
            let server = try TestServer()
            try server.serve(["/b.json": .body(RemoteFixtures.first, etag: "\"1\"")])
            var configuration = configuration(cache: try Tool.temporaryDirectory().path)
            configuration.validatorIdentity = "tool 1"
            let count = Count()
            let validate: (Behaviour) -> [Diagnostic] = { _ in
                count.value += 1
                return []
            }
            _ = try await RemoteLoader(configuration).load(server.url("/b.json"), validate: validate)
            #expect(count.value == 1)
            server.stop()
            for _ in 0..<3 {
                let offline = try await RemoteLoader(configuration).load(server.url("/b.json"), validate: validate)
                #expect(offline.origin == .lastGoodCopy)
            }
            #expect(count.value == 1, "the cached copy was validated again")
            configuration.validatorIdentity = "tool 2"
            _ = try await RemoteLoader(configuration).load(server.url("/b.json"), validate: validate)
            #expect(count.value == 2, "another validator must validate again")
            configuration.validatorIdentity = nil
            _ = try await RemoteLoader(configuration).load(server.url("/b.json"), validate: validate)
            #expect(count.value == 3)
        }

        /// A fresh cache holding one copy.
        func storedCopy() throws -> (BehaviourCache, CacheEntry) {
            let cache = BehaviourCache(directory: try Tool.temporaryDirectory().path)
            let entry = CacheEntry(
                url: "https://example.com/b.json", body: Array("[]".utf8), format: .json, fetchedAt: 1_700_000_000)
            try cache.store(entry)
            return (cache, entry)
        }

        @Test("copies signed with many sequences, stored at once, leave the highest as the mark")
        func concurrentSequences() async throws {
            let cache = BehaviourCache(directory: try Tool.temporaryDirectory().path)
            let key = SigningKey()
            let sequences: [Int64] = Array((1...64).shuffled())
            await withTaskGroup(of: Void.self) { group in
                for sequence in sequences {
                    group.addTask {
                        let body = Array("[\(sequence)]".utf8)
                        let entry = CacheEntry(
                            url: "https://example.com/s.json", body: body, format: .json, fetchedAt: 1_700_000_000,
                            signature: key.signature(for: body, sequence: sequence))
                        try? cache.store(entry)
                    }
                }
            }
            #expect(try cache.highestSequence(for: "https://example.com/s.json") == 64)
        }

        @Test("a quarantine record keeps a bounded reason, and a long one still reads back")
        func quarantineIsBounded() throws {
            let (cache, entry) = try storedCopy()
            try cache.quarantineCurrent(of: entry.url, String(repeating: "é", count: 100_000))
            let record = try #require(cache.quarantine(for: entry.url, matching: entry.body))
            #expect(record.reason.utf8.count <= 1000)
            #expect(record.reason.hasSuffix("…"))
        }

        @Test("bytes recorded as run well are not quarantined")
        func ranWellIsNotQuarantined() throws {
            let (cache, entry) = try storedCopy()
            try cache.recordRunWell(entry.url, body: entry.body)
            try cache.quarantineCurrent(of: entry.url, "boom")
            #expect(cache.quarantine(for: entry.url) == nil)
            #expect(try cache.entry(for: entry.url) == entry)
        }

        /// A transport that never answers and ignores its timeout.
        struct Silent: BehaviourTransport {
            func get(_ request: TransportRequest) async throws(RemoteProblem) -> TransportResponse {
                // Ends only when cancelled: the loader's timer, not this, ends the fetch.
                while !Task.isCancelled { try? await Task.sleep(nanoseconds: 1_000_000_000_000) }
                throw .unreachable("cancelled")
            }
        }

        // No bound on the time taken: the tool tests beside this one can hold the cooperative pool's
        // threads for minutes. Without the loader's timer this load never returns at all.
        @Test("an app's transport that ignores its timeout is cut at the deadline all the same")
        func transportIsCutAtTheDeadline() async throws {
            var configuration = configuration(cache: try Tool.temporaryDirectory().path)
            configuration.timeout = 1
            configuration.transport = Silent()
            configuration.fallback = Behaviour(name: "bundled.json", source: RemoteFixtures.second)
            let loaded = try await RemoteLoader(configuration).load("http://127.0.0.1:9/b.json") { _ in [] }
            #expect(loaded.origin == .fallback)
            #expect(loaded.problem == .timedOut(seconds: 1))
        }
    }
#endif
