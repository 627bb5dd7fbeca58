#if Remote
    import Behave
    import BehaveRemote
    import BehaveTestSupport
    import PubSubFixture
    import Foundation
    import Testing

    /// ``LiveEvents`` through the library against the real pub/sub server: the code docs/live.md
    /// shows, the connection's notices, and a source that stops.
    @Suite("Live events in an app", .resumedPromptly)
    struct LiveEventsLibraryTests {
        /// What a test collects from callbacks on other threads.
        final class Lines: @unchecked Sendable {
            private let lock = NSLock()
            private var stored: [String] = []
            func append(_ line: String) { lock.withLock { stored.append(line) } }
            var all: [String] { lock.withLock { stored } }
        }

        static let device = """
            on("behave.connection", function(c) print(c.state) end)
            on("SLIDE", function(d) print("slide", d.number) end)
            once("KEYNOTE_END", function() stop("the keynote is over") end)
            """

        @Test("docs/live.md's app code: events from the server, the connection's notice not counted as dropped")
        func app() async throws {
            let server = try PubSubServer(token: "t0ken")
            let printed = Lines()
            let reports = Lines()
            let host = try BehaveHost(
                modules: [], output: OutputSink(write: { printed.append($0) }, diagnostic: { _ in }))
            let behaviour = Behaviour(name: "device.lua", source: Self.device)
            let token = "t0ken"
            let publisher = Task {
                try await server.waitForSubscribers(1, on: "keynote")
                try server.publish(#"{"event": "SLIDE", "data": {"number": 1}}"#, to: "keynote")
                try server.publish(#"{"event": "KEYNOTE_END"}"#, to: "keynote")
            }
            let report = try await Self.live(
                token: token, server: "http://127.0.0.1:\(server.port)", host: host, behaviour: behaviour
            ) {
                reports.append($0)
            }
            try await publisher.value
            #expect(printed.all.joined() == "open\nslide\t1\n")
            #expect(report.unhandledEvents == 0)
            #expect(reports.all.isEmpty, "\(reports.all)")
        }

        /// The page's code, with what it leaves to the app given.
        static func live(
            token: String, server: String, host: BehaveHost, behaviour: Behaviour,
            log: @escaping @Sendable (String) -> Void
        ) async throws -> RunReport {
            var configuration = LiveEventsConfiguration()
            configuration.allowHTTP = true  // the test's server speaks plain http on 127.0.0.1
            // snippet: live-app
            configuration.headers = [(name: "Authorization", value: "Bearer \(token)")]
            configuration.report = { line in log(line) }
            let events = EventChannel()
            let live = try LiveEvents(url: "\(server)/sub/keynote", configuration: configuration)
            live.start(into: events)
            let report = try await host.run(behaviour, events: events)
            live.stop()
            // snippet end
            return report
        }

        @Test("a behaviour behind the server: the stream waits at maximumWaiting, and nothing is lost")
        func backpressure() async throws {
            let server = try PubSubServer()
            var configuration = LiveEventsConfiguration()
            configuration.allowHTTP = true
            configuration.maximumWaiting = 5
            let events = EventChannel()
            let live = try LiveEvents(url: server.url("keynote"), configuration: configuration)
            live.start(into: events)
            try await server.waitForSubscribers(1, on: "keynote")
            for number in 1...40 {
                try server.publish(#"{"event": "SLIDE", "data": {"number": \#(number)}}"#, to: "keynote")
            }
            try await Task.sleep(nanoseconds: 1_000_000_000)
            // No run has started: the channel holds what was read, and reading stopped near the bound.
            #expect(events.waiting >= 5 && events.waiting < 40, "\(events.waiting) waiting")
            let printed = Lines()
            let host = try BehaveHost(
                modules: [], output: OutputSink(write: { printed.append($0) }, diagnostic: { _ in }))
            let behaviour = Behaviour(
                name: "count.lua",
                source: "on('SLIDE', function(d) if d.number == 40 then print(d.number) stop('done') end end)")
            let report = try await host.run(behaviour, events: events)
            live.stop()
            #expect(printed.all == ["40\n"])
            #expect(report.unhandledEvents == 0)
        }

        @Test("an unknown scheme, or plain http without allowHTTP, is refused when the source is made")
        func refused() {
            #expect(throws: RemoteError.self) { try LiveEvents(url: "ftp://example.com/x") }
            #expect(throws: RemoteError.self) { try LiveEvents(url: "http://example.com/x") }
            #expect(throws: RemoteError.self) { try LiveEvents(url: "ws://example.com/x") }
            var allowed = LiveEventsConfiguration()
            allowed.allowHTTP = true
            #expect((try? LiveEvents(url: "ws://example.com/x", configuration: allowed)) != nil)
        }

        @Test("stop() ends the connection: the server sees its subscriber go, and nothing more is delivered")
        func stop() async throws {
            let server = try PubSubServer()
            var configuration = LiveEventsConfiguration()
            configuration.allowHTTP = true
            let events = EventChannel()
            let live = try LiveEvents(url: server.url("keynote"), configuration: configuration)
            live.start(into: events)
            try await server.waitForSubscribers(1, on: "keynote")
            try server.publish(#"{"event": "SLIDE", "data": {"number": 1}}"#, to: "keynote")
            let received = Date().addingTimeInterval(10)
            while live.lastEventID.isEmpty, Date() < received { try await Task.sleep(nanoseconds: 50_000_000) }
            #expect(!live.lastEventID.isEmpty)
            live.stop()
            let deadline = Date().addingTimeInterval(10)
            while try server.subscribers("keynote") > 0, Date() < deadline {
                try await Task.sleep(nanoseconds: 50_000_000)
            }
            #expect(try server.subscribers("keynote") == 0)
        }
    }
#endif
