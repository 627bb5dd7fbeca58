#if Remote
    import Behave
    import BehaveRemote
    import Testing

    /// The examples of BehaveRemote's doc comments, verbatim between `// snippet:` and
    /// `// snippet end` (DocCommentTests compares them), each in a function that declares the names
    /// it uses. Those that fetch only compile: RemoteLoaderTests runs the same calls against a server.
    @Suite("Doc comment examples: BehaveRemote")
    struct RemoteDocCommentSnippets {
        /// Where the examples' app logs.
        struct Logger: Sendable {
            func info(_ line: String) {}
        }

        /// RemoteLoader's example: compiled, not run (it fetches from example.com).
        func remoteLoader(_ configuration: RemoteConfiguration, host: BehaveHost, log: (String) -> Void) async throws {
            // snippet: RemoteLoader
            let loader = RemoteLoader(configuration)
            let loaded = try await loader.load("https://example.com/Protocols.json") { host.check($0) }
            if let warning = loaded.warning { log(warning) }
            let report = try await host.run(loaded.behaviour)
            // snippet end
            _ = report
        }

        /// FleetLoader's example: compiled (FleetLoaderTests runs the same calls against a server).
        func fleetLoader(_ configuration: RemoteConfiguration, host: BehaveHost, installID: String) async throws {
            // snippet: FleetLoader
            let fleet = FleetLoader(configuration, channel: "production", installID: installID)
            let loaded = try await fleet.load("https://cdn.example.com/manifest.json", context: ["platform": "ios"]) {
                host.check($0)
            }
            let report = try await host.run(loaded.copy.behaviour)
            // snippet end
            _ = report
        }

        /// LivePublisher's example: compiled (KeynoteLiveTests votes through a real server).
        func livePublisher(_ server: String, configuration: LiveEventsConfiguration) async throws {
            // snippet: LivePublisher
            let votes = try LivePublisher(url: "\(server)/reply/keynote", configuration: configuration)
            try await votes.publish(#"{"event": "VOTE", "data": {"destination": "Lyon"}}"#)
            // snippet end
        }

        /// LiveUpdates' example: compiled (LiveSwapTests swaps copies through the tool).
        func liveUpdates(
            _ loaded: RemoteBehaviour, remote: RemoteConfiguration,
            appModules: @escaping @Sendable () -> [any BehaveModule],
            live: inout LiveEventsConfiguration, events: EventChannel
        ) {
            // snippet: LiveUpdates
            // A new copy is checked by a host of its own: the running one is busy running.
            let updates = LiveUpdates(running: loaded, configuration: remote, policy: .whenIdle) { copy in
                (try? BehaveHost(modules: appModules()))?.check(copy) ?? []
            }
            live.updates = { notice in updates.announce(notice) }  // the LiveEventsConfiguration
            updates.attach(events)
            // snippet end
        }

        /// LiveEventsConfiguration's example: compiled (LiveEventsLibraryTests connects).
        func liveEventsConfiguration() -> LiveEventsConfiguration {
            // snippet: LiveEventsConfiguration
            var live = LiveEventsConfiguration()
            live.headers = [(name: "Authorization", value: "Bearer t0ken")]
            live.report = { line in print(line) }
            // snippet end
            return live
        }

        /// BackgroundRefresh's example: compiled, not run (RemoteLoaderTests waits for refreshes).
        func backgroundRefresh(_ loaded: RemoteBehaviour, logger: Logger) {
            // snippet: BackgroundRefresh
            if let refresh = loaded.refresh {
                Task { if await refresh.wait() == .fresh { logger.info("a new behaviour runs at the next launch") } }
            }
            // snippet end
        }

        @Test("SigningKey and PublicKey: a signature checks with its key's public half, not with another key")
        func keys() throws {
            let script = "print('hi')"
            // snippet: SigningKey
            let key = SigningKey()
            let signature = key.signature(for: Array(script.utf8))
            // snippet end
            #expect(key.publicKey.isValidSignature(signature, for: Array(script.utf8)))
            let bytes = Array(script.utf8)
            try checkWithOtherKey(signature, bytes)
        }

        /// PublicKey's example, given a signature made by another key.
        func checkWithOtherKey(_ signature: Signature, _ bytes: [UInt8]) throws {
            // snippet: PublicKey
            let key = try PublicKey(text: "nWGxne/9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A=")
            let isGenuine = key.isValidSignature(signature, for: bytes)
            // snippet end
            #expect(!isGenuine)
        }

        @Test("RemoteConfiguration: an app's keys, signature, fallback and interval")
        func configuration() throws {
            let shippedKey = SigningKey().publicKey.text
            let bundledBytes = Array("print('bundled')".utf8)
            // snippet: RemoteConfiguration
            var remote = RemoteConfiguration()
            remote.publicKeys = [try PublicKey(text: shippedKey)]
            remote.requireSignature = true
            remote.fallback = Behaviour(name: "bundled.json", bytes: bundledBytes)
            remote.minimumFetchInterval = 12 * 3600
            // snippet end
            #expect(remote.publicKeys.map(\.text) == [shippedKey] && remote.requireSignature)
            #expect(remote.fallback?.name == "bundled.json" && remote.minimumFetchInterval == 43_200)
        }
    }
#endif
