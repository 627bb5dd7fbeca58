#if Remote
    import BehaveTestSupport
    import PubSubFixture
    import Foundation
    import Testing

    /// The keynote of seed 003 as it runs in a room: the presenter publishes the states to a real
    /// pub/sub server (nginx with nchan, configured by deploy/nchan), fifty phones — each a
    /// `behave` process with a store of its own — follow them with `--events`, vote back through
    /// the same server with `--vote-url`, and the presenter's tally (keynote-tally.lua) reads the
    /// votes from it.
    @Suite("The keynote, end to end, through a real pub/sub server", .resumedPromptly)
    struct KeynoteLiveTests {
        static let phones = 50
        static let keynote = Tool.root.appendingPathComponent("scripts/examples/keynote.lua").path
        static let tally = Tool.root.appendingPathComponent("scripts/examples/keynote-tally.lua").path

        /// Phone `n` votes for Lyon when `n % 5 < 2`, for Bordeaux otherwise: two in five for Lyon.
        static func destination(_ n: Int) -> String { n % 5 < 2 ? "Lyon" : "Bordeaux" }

        /// `behave run` of the keynote on phone `n`, its store in `store`; a phone gives up after
        /// `--duration-limit`, so that nothing here can hang.
        static func phone(_ n: Int, store: URL, server: PubSubServer) -> BackgroundRun {
            BackgroundRun(
                [
                    "--vote-url", server.replyURL("keynote"), "--voter", "phone-\(n)", "run", "--allow-http",
                    "--duration-limit", "240", "--store-dir", store.path, "--events", server.url("keynote"),
                    "--context", "destination=\(destination(n))", keynote,
                ], in: store)
        }

        static func publish(_ event: String, _ data: String? = nil, on server: PubSubServer) throws {
            try server.publish(#"{"event": "\#(event)"\#(data.map { #", "data": \#($0)"# } ?? "")}"#, to: "keynote")
        }

        /// Posts `body` to the keynote's replies as a phone does (`/reply/keynote`, curl standing in).
        static func reply(_ body: String, on server: PubSubServer) throws {
            let posted = try Tool.run(
                ["-s", "-o", "/dev/null", "-w", "%{http_code}", "--data", body, server.replyURL("keynote")],
                program: URL(fileURLWithPath: "/usr/bin/curl"))
            #expect(posted.stdout == "202" || posted.stdout == "201", "\(posted.stdout) \(posted.stderr)")
        }

        /// Waits until the server holds `count` replies to the keynote, up to `seconds`.
        static func waitForReplies(_ count: Int, on server: PubSubServer, seconds: Double = 120) async throws {
            let deadline = Date().addingTimeInterval(seconds)
            while try server.messages("keynote/replies") < count {
                guard Date() < deadline else {
                    Issue.record("the server holds \(try server.messages("keynote/replies")) replies, not \(count)")
                    return
                }
                try await Task.sleep(nanoseconds: 50_000_000)
            }
        }

        @Test(
            "fifty phones vote through the server; the presenter's tally is exact; a phone that restarts votes no more")
        func fiftyPhones() async throws {
            let server = try PubSubServer()
            let stores = try (0..<Self.phones).map { _ in try Tool.temporaryDirectory() }
            let runs = stores.enumerated().map { Self.phone($0.offset, store: $0.element, server: server) }
            try await server.waitForSubscribers(Self.phones, on: "keynote", seconds: 180)
            try Self.publish("KEYNOTE_START", on: server)
            try Self.publish("VOTE_TRAIN_START", #"{"destinations": ["Bordeaux", "Lyon"]}"#, on: server)
            try await Self.waitForReplies(Self.phones, on: server)

            // A phone that forges: a vote again under another's name, a vote of nothing, and a close.
            for forged in [
                #"{"event": "VOTE", "data": {"destination": "Lyon", "voter": "phone-9"}}"#, #"{"event": "VOTE"}"#,
                #"{"event": "VOTES_CLOSED", "data": {"secret": "guess"}}"#,
            ] {
                try Self.reply(forged, on: server)
            }
            // The presenter tallies late: the server sends every vote from the oldest.
            let presenter = BackgroundRun(
                [
                    "run", "--allow-http", "--duration-limit", "120", "--context", "close=s3cret", "--events",
                    server.repliesURL("keynote"), Self.tally,
                ], in: try Tool.temporaryDirectory())
            try server.publish(#"{"event": "VOTES_CLOSED", "data": {"secret": "s3cret"}}"#, to: "keynote/replies")
            let tally = try await presenter.result()
            #expect(tally.status == 0, "\(tally.stderr)")
            #expect(tally.stdout == "Bordeaux\t30\nLyon\t20\nrepeated\t1\nrefused\t2\nwinner\tBordeaux\n")

            try Self.publish("VOTE_TRAIN_END", #"{"winner": "Bordeaux"}"#, on: server)
            try Self.publish("KEYNOTE_END", on: server)
            for (n, run) in runs.enumerated() {
                let result = try await run.result()
                let destination = Self.destination(n)
                let verdict = destination == "Bordeaux" ? "your train won" : "your train lost"
                #expect(result.status == 0, "phone \(n): \(result.stderr)")
                #expect(result.stderr == "", "phone \(n)")
                #expect(
                    result.stdout == """
                        screen KeynoteWelcome: Welcome to the Xebicon'16 keynote
                        screen TrainVote: Which train takes you to Xebicon: Bordeaux or Lyon?
                        Vote for \(destination) sent
                        screen TrainVoteComplete: Votes are closed
                        The train goes to Bordeaux (\(verdict))
                        screen KeynoteWelcome: Welcome to the Xebicon'16 keynote
                        Thank you for riding with us!

                        """, "phone \(n)")
            }

            // Phone 0 restarts with its store: it has voted, and sends nothing more.
            let again = Self.phone(0, store: stores[0], server: server)
            try await server.waitForSubscribers(1, on: "keynote", seconds: 180)
            try Self.publish("VOTE_TRAIN_START", #"{"destinations": ["Bordeaux", "Lyon"]}"#, on: server)
            try Self.publish("KEYNOTE_END", on: server)
            let restarted = try await again.result()
            #expect(restarted.status == 0, "\(restarted.stderr)")
            #expect(restarted.stdout.contains("Already voted for Lyon\n"), "\(restarted.stdout)")
            #expect(try server.messages("keynote/replies") == Self.phones + 4)
        }

        @Test("a vote the server refuses fails its handler with the reason and the script's line; the phone goes on")
        func refusedVote() async throws {
            let server = try PubSubServer()
            let store = try Tool.temporaryDirectory()
            let run = BackgroundRun(
                [
                    "--vote-url", "http://127.0.0.1:\(server.port)/reply/no.such", "run", "--allow-http",
                    "--duration-limit", "240", "--store-dir", store.path, "--events", server.url("keynote"),
                    Self.keynote,
                ], in: store)
            try await server.waitForSubscribers(1, on: "keynote", seconds: 180)
            try Self.publish("VOTE_TRAIN_START", on: server)
            try await Task.sleep(nanoseconds: 2_500_000_000)
            try Self.publish("KEYNOTE_END", on: server)
            let result = try await run.result()
            #expect(result.stdout.hasSuffix("Thank you for riding with us!\n"), "\(result.stdout)")
            // The failed handler's report: the reason on its first line, with the script's place.
            let lines = result.stderr.split(separator: "\n")
            #expect(
                lines.first
                    == "behave: \(Self.keynote):34: the vote for Bordeaux was not sent to http://127.0.0.1:\(server.port)/reply/no.such: the server answered 404",
                "\(result.stderr)")
            #expect(lines.last == "behave: 1 handler or timer failed", "\(result.stderr)")
            #expect(result.status == 1)
        }

        @Test("plain http:// votes need --allow-http, as every URL of the run does")
        func plainHTTPRefused() throws {
            let result = try Tool.run([
                "--vote-url", "http://127.0.0.1:9/reply/keynote", "run", "--fast", "--events",
                "scripts/examples/keynote-events.jsonl", "scripts/examples/keynote.lua",
            ])
            #expect(
                result.stderr.contains(
                    "the vote for Bordeaux was not sent: http://127.0.0.1:9/reply/keynote: plain http:// is refused"),
                "\(result.stderr)")
        }
    }
#endif
