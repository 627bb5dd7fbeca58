#if Remote
    import BehaveTestSupport
    import PubSubFixture
    import Foundation
    import Testing

    /// New copies of a running remote behaviour (`--activate`, `--poll`, the `behave.update`
    /// notices of `--events`): a signed copy served by a real HTTP server on 127.0.0.1, events and
    /// notices from a real nchan, the tool on a pseudo-terminal so that each step waits for the
    /// line before it.
    @Suite("New copies while running: activation policies and live rollback", .resumedPromptly)
    struct LiveSwapTests {
        /// A copy that says when it starts (and after which copy, which the one before keeps in
        /// the store they share), prints each STATE's `n` with its name, says when it hands over,
        /// and stops at STATE 99.
        static func copy(_ name: String) -> String {
            """
            local from = store.get("from")
            print("\(name) starts" .. (from and " after " .. from or ""))
            on("STATE", function(d) print("\(name)", d.n) if d.n == 99 then stop("done") end end)
            on("behave.reload", function(n)
              store.set("from", "\(name)")
              print("\(name) hands over to sequence", n.sequence)
            end)
            """
        }

        /// The servers, the keys and the cache of one device.
        struct Fixture {
            let server: TestServer
            let live: PubSubServer
            let work: URL
            let key: String
            let pub: String
            var cache: String { work.appendingPathComponent("cache").path }
            var url: String { server.url("/b.lua") }

            init() throws {
                server = try TestServer()
                live = try PubSubServer()
                work = try Tool.temporaryDirectory()
                #expect(try Tool.run(["keygen", "team"], in: work).status == 0)
                key = work.appendingPathComponent("team.key").path
                pub = work.appendingPathComponent("team.pub").path
            }

            /// Serves `source` signed with `sequence` (or with the signature of `signedAs`'s bytes).
            func serve(_ source: String, sequence: Int, signedAs: String? = nil) throws {
                let file = try Tool.write(signedAs ?? source, to: "b.lua", in: work)
                let signed = try Tool.run(["sign", file, "--key", key, "--sequence", "\(sequence)"], in: work)
                #expect(signed.status == 0, "\(signed.stderr)")
                let signature = try String(contentsOfFile: file + ".sig", encoding: .utf8)
                let etag = "\"\(sequence)-\(source.utf8.count)\""
                try server.serve([
                    "/b.lua": .body(source, contentType: "text/x-lua", etag: etag),
                    "/b.lua.sig": .body(signature, etag: etag),
                ])
            }

            /// Publishes the stream's notice that the copy with `sequence` of `url` exists.
            func announce(_ sequence: Int, url: String? = nil) throws {
                try live.publish(
                    #"{"event": "behave.update", "data": {"url": "\#(url ?? self.url)", "sequence": \#(sequence)}}"#,
                    to: "live")
            }

            func state(_ n: Int) throws { try live.publish(#"{"event": "STATE", "data": {"n": \#(n)}}"#, to: "live") }

            /// The command line of a device following the channel with `extra` options.
            func arguments(_ extra: [String]) -> [String] {
                [
                    "run", url, "--allow-http", "--public-key", pub, "--require-signature", "--cache-dir", cache,
                    "--store-dir", work.appendingPathComponent("store").path, "--duration-limit", "120", "--events",
                    live.url("live"),
                ] + extra
            }

            /// A device on a pseudo-terminal, once it has started and subscribed.
            func device(_ extra: [String], first: String) throws -> PseudoTerminal {
                let terminal = try PseudoTerminal(arguments(extra))
                try terminal.see("\(first) starts\r\n")
                try LiveEventsTests.until("the device subscribes", seconds: 120) { try live.subscribers("live") == 1 }
                return terminal
            }
        }

        @Test(
            "when-idle: the new copy takes over after the old one's behave.reload handlers; one that fails at its start is rolled back live"
        )
        func whenIdle() throws {
            let fixture = try Fixture()
            try fixture.serve(Self.copy("v1"), sequence: 1)
            let device = try fixture.device(["--activate", "when-idle"], first: "v1")
            try fixture.state(1)
            try device.see("v1\t1\r\n")

            try fixture.serve(Self.copy("v2"), sequence: 2)
            try fixture.announce(2)
            try device.see(
                "behave: \(fixture.url): a new copy (sequence 2) takes over when the behaviour is idle\r\n")
            try device.see("v1 hands over to sequence\t2\r\n")
            try device.see("v2 starts after v1\r\n")
            try fixture.state(2)
            try device.see("v2\t2\r\n")

            try fixture.serve("print('v3 starts')\nerror('v3 is broken')\n", sequence: 3)
            try fixture.announce(3)
            try device.see("v2 hands over to sequence\t3\r\n")
            try device.see("v3 starts\r\n")
            try device.see("v3 is broken")
            try device.see(
                "behave: \(fixture.url): the copy that took over failed (\(fixture.url):2: v3 is broken) and is quarantined; the copy before it runs again\r\n"
            )
            try device.see("v2 starts after v2\r\n")
            try fixture.state(3)
            try device.see("v2\t3\r\n")
            try fixture.state(99)
            try device.see("v2\t99\r\n")
            #expect(try device.waitForExit(deadline: 120) == 0)
            // docs/live.md shows these two lines.
            let shown = device.transcript.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n")
                .filter { $0.contains("(sequence 3) takes over") || $0.contains("the copy that took over failed") }
                .map { $0.replacingOccurrences(of: fixture.url, with: "https://behaviours.example.com/keynote.lua") }
            #expect(shown.joined(separator: "\n") + "\n" == (try Docs.block("live-swap-stderr", in: "docs/live.md")))

            let cache = try Tool.run(["cache", fixture.url, "--cache-dir", fixture.cache])
            #expect(cache.stdout.contains("active      sequence 2"), "\(cache.stdout)")
            #expect(cache.stdout.contains("quarantined sequence 3"), "\(cache.stdout)")
        }

        @Test(
            "now: the new copy takes over at once; a handler of it that fails hands the channel back to the copy before"
        )
        func now() throws {
            let fixture = try Fixture()
            try fixture.serve(Self.copy("v1"), sequence: 1)
            let device = try fixture.device(["--activate", "now"], first: "v1")
            try fixture.state(1)
            try device.see("v1\t1\r\n")

            let failing = """
                print("v2 starts")
                on("STATE", function(d) error("v2 cannot take STATE " .. d.n) end)
                on("behave.reload", function() print("v2 is told") end)
                """
            try fixture.serve(failing, sequence: 2)
            try fixture.announce(2)
            try device.see("behave: \(fixture.url): a new copy (sequence 2) takes over now\r\n")
            try device.see("v2 starts\r\n")
            try fixture.state(2)
            try device.see("v2 cannot take STATE 2")
            try device.see(
                "failed (a handler or timer failed) and is quarantined; the copy before it runs again\r\n")
            try device.see("v1 starts\r\n")
            try fixture.state(99)
            try device.see("v1\t99\r\n")
            #expect(try device.waitForExit(deadline: 120) == 0)
            #expect(!device.transcript.contains("v1 hands over"), "now gives no behave.reload")
        }

        @Test(
            "next-launch: a new copy is kept for the next run; old, foreign and badly signed notices change nothing"
        )
        func nextLaunch() throws {
            let fixture = try Fixture()
            try fixture.serve(Self.copy("v1"), sequence: 1)
            let device = try fixture.device([], first: "v1")
            let before = try fixture.server.requests().count
            try fixture.announce(1)
            try fixture.announce(5, url: fixture.server.url("/other.lua"))
            try fixture.state(1)
            try device.see("v1\t1\r\n")
            #expect(try fixture.server.requests().count == before, "a notice no newer than the copy fetches nothing")

            try fixture.serve(Self.copy("v2"), sequence: 2, signedAs: Self.copy("forged"))
            try fixture.announce(2)
            try device.see("behave: \(fixture.url): no new copy: its signature does not verify")
            try device.see("the running copy stays\r\n")

            try fixture.serve(Self.copy("v2"), sequence: 2)
            try fixture.announce(2)
            try device.see("behave: \(fixture.url): a new copy (sequence 2) is kept for the next launch\r\n")
            try fixture.state(99)
            try device.see("v1\t99\r\n")
            #expect(try device.waitForExit(deadline: 120) == 0)

            let next = try Tool.run(Array(fixture.arguments([]).prefix(10)))
            #expect(next.stdout == "v2 starts\n", "\(next.stderr)")
        }

        /// Whether the test still wants copies announced, read by the thread that announces them.
        final class Announcing: @unchecked Sendable {
            private let lock = NSLock()
            private var going = true
            var isGoing: Bool { lock.withLock { going } }
            func stop() { lock.withLock { going = false } }
        }

        @Test("--duration-limit is the whole run's: copies that take over one after another do not restart it")
        func durationAcrossCopies() throws {
            let fixture = try Fixture()
            try fixture.serve(Self.copy("v1"), sequence: 1)
            var arguments = fixture.arguments(["--activate", "now"])
            let limit = try #require(arguments.firstIndex(of: "--duration-limit"))
            arguments[limit + 1] = "4"
            let device = try PseudoTerminal(arguments)
            try device.see("v1 starts\r\n")
            try LiveEventsTests.until("the device subscribes", seconds: 120) {
                try fixture.live.subscribers("live") == 1
            }
            // A new copy every 1.5 s, until the device ends (each restarted the limit, so it never did).
            let announcing = Announcing()
            defer { announcing.stop() }
            nonisolated(unsafe) let served = fixture
            Thread.detachNewThread {
                var sequence = 1
                while announcing.isGoing, sequence < 40 {
                    usleep(1_500_000)
                    sequence += 1
                    try? served.serve(Self.copy("v\(sequence)"), sequence: sequence)
                    try? served.announce(sequence)
                }
            }
            let status = try device.waitForExit(deadline: 120)
            announcing.stop()
            #expect(status == 3, "\(device.transcript)")
            #expect(device.transcript.contains("limit exceeded: duration"), "\(device.transcript)")
            // It ends the run: the copy before it does not run again with a fresh limit.
            let stopped = try #require(device.transcript.range(of: "limit exceeded: duration"))
            #expect(!device.transcript[stopped.upperBound...].contains(" starts"), "\(device.transcript)")
        }

        @Test("--poll: with no notice, a new copy is found by a conditional GET and takes over")
        func poll() throws {
            let fixture = try Fixture()
            try fixture.serve(Self.copy("v1"), sequence: 1)
            let device = try fixture.device(["--activate", "now", "--poll", "0.2"], first: "v1")
            try fixture.serve(Self.copy("v2"), sequence: 2)
            try device.see("v2 starts\r\n")
            // Each poll is conditional: the copy the server still serves costs a 304, and no swap.
            try LiveEventsTests.until("a poll answered 304", seconds: 120) {
                try fixture.server.requests().contains { $0.status == 304 }
            }
            try fixture.state(99)
            try device.see("v2\t99\r\n")
            #expect(try device.waitForExit(deadline: 120) == 0)
            #expect(device.transcript.components(separatedBy: "starts").count == 3, "\(device.transcript)")
        }

        @Test(
            "--activate and --poll refuse values they cannot take, and a run with no URL to follow, before anything runs"
        )
        func refusedOptions() throws {
            let events = ["--events", "https://example.com/sub/live"]
            for (options, message) in [
                (["--activate", "later"] + events, "--activate"),
                (["--poll", "0"] + events, "--poll expects seconds from 0.1 to 86400"),
                (
                    ["--activate", "now"],
                    "--activate and --poll keep a behaviour's URL current while it follows --events URL"
                ),
            ] {
                let result = try Tool.run(["run"] + options + ["https://example.com/b.lua"])
                #expect(result.status == 64, "\(result.stderr)")
                #expect(result.stderr.contains(message), "\(result.stderr)")
            }
        }
    }

    extension PseudoTerminal {
        /// Waits for `text` as `expect` does, with room for a machine that runs the whole suite at once.
        fileprivate func see(_ text: String) throws { try expect(text, deadline: 120) }
    }
#endif
