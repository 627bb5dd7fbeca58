import BehaveTestSupport
import Foundation
import PubSubFixture
import Testing

/// `--events URL` against a real pub/sub server on 127.0.0.1 (nginx with nchan, configured by
/// deploy/nchan): server-sent events and WebSocket delivery, resuming after a
/// restart, backoff that reports once, bounds, a token, TLS.
@Suite("Live events through a real pub/sub server", .resumedPromptly)
struct LiveEventsTests {
    /// A behaviour that prints each STATE's `n` and the connection's states, and stops at `last`
    /// (or after `seconds`, so that no test can hang).
    static func behaviour(last: Int, seconds: Int = 300) throws -> (directory: URL, file: String) {
        let work = try Tool.temporaryDirectory()
        let file = try Tool.write(
            """
            on("behave.connection", function(c) print("connection", c.state) end)
            on("STATE", function(d) print("STATE", d.n) if d.n == \(last) then stop("done") end end)
            after(\(seconds), function() stop("gave up") end)
            """, to: "device.lua", in: work)
        return (work, file)
    }

    /// Runs `behave run --events URL device.lua` in the background.
    static func device(_ url: String, last: Int, _ extra: [String] = []) throws -> BackgroundRun {
        let (work, file) = try behaviour(last: last)
        return BackgroundRun(["run", "--events", url] + extra + [file], in: work)
    }

    static func state(_ n: Int) -> String { #"{"event": "STATE", "data": {"n": \#(n)}}"# }

    @Test(
        "server-sent events: each message a line of an events file, one spread over lines too; a bad one is reported and skipped"
    )
    func serverSentEvents() async throws {
        let server = try PubSubServer()
        let run = try Self.device(server.url("keynote"), last: 3, ["--allow-http"])
        try await server.waitForSubscribers(1, on: "keynote")
        try server.publish(Self.state(1), to: "keynote")
        try server.publish("{\"event\": \"STATE\",\n \"data\": {\"n\": 2}}", to: "keynote")
        try server.publish("{\"event\": STATE}", to: "keynote")
        try server.publish(Self.state(3), to: "keynote")
        let result = try await run.result()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "connection\topen\nSTATE\t1\nSTATE\t2\nSTATE\t3\n")
        // docs/live.md shows this line.
        #expect(
            result.stderr
                == "\(server.url("keynote")):3:11: error: expected a value (object, array, string, number, true, false or null), found 'S'; skipped\n"
        )
    }

    @Test("WebSocket: each text message a line of an events file")
    func webSocket() async throws {
        let server = try PubSubServer()
        let run = try Self.device(server.url("keynote", webSocket: true), last: 2, ["--allow-http"])
        try await server.waitForSubscribers(1, on: "keynote")
        try server.publish(Self.state(1), to: "keynote")
        try server.publish(Self.state(2), to: "keynote")
        let result = try await run.result()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "connection\topen\nSTATE\t1\nSTATE\t2\n")
    }

    @Test("a server restarted mid-stream: the device comes back with Last-Event-ID, and nothing is lost or repeated")
    func resumeAfterRestart() async throws {
        let server = try PubSubServer()
        let run = try Self.device(server.url("keynote"), last: 4, ["--allow-http"])
        try await server.waitForSubscribers(1, on: "keynote")
        try server.publish(Self.state(1), to: "keynote")
        try server.publish(Self.state(2), to: "keynote")
        try await Task.sleep(nanoseconds: 300_000_000)
        server.stop()
        try await Task.sleep(nanoseconds: 2_000_000_000)  // several attempts fail meanwhile
        try server.start()
        // Published before the device is back: it gets it by resuming after the last id it had.
        try server.publish(Self.state(3), to: "keynote")
        try await server.waitForSubscribers(1, on: "keynote")
        try server.publish(Self.state(4), to: "keynote")
        let result = try await run.result()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout
                == "connection\topen\nSTATE\t1\nSTATE\t2\nconnection\tlost\nconnection\topen\nSTATE\t3\nSTATE\t4\n")
        // One line when it drops and one when it is back, however many attempts failed between.
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("\(server.url("keynote")): connection lost: ") == true, "\(result.stderr)")
        #expect(lines.last == "\(server.url("keynote")): connected again", "\(result.stderr)")
    }

    @Test("a message over --max-input is refused with one line, and the stream goes on")
    func oversize() async throws {
        let server = try PubSubServer()
        let run = try Self.device(server.url("keynote"), last: 2, ["--allow-http", "--max-input", "1KiB"])
        try await server.waitForSubscribers(1, on: "keynote")
        try server.publish(
            #"{"event": "STATE", "data": {"n": 0, "pad": "\#(String(repeating: "x", count: 2000))"}}"#, to: "keynote")
        try server.publish(Self.state(1), to: "keynote")
        try server.publish(String(repeating: "y", count: 5000), to: "keynote")
        try server.publish(Self.state(2), to: "keynote")
        let result = try await run.result()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "connection\topen\nSTATE\t1\nSTATE\t2\n")
        #expect(
            result.stderr.hasPrefix(
                "\(server.url("keynote")): message 1 refused: a line is longer than the limit of 1024 bytes\n"),
            "\(result.stderr)")
        #expect(result.stderr.contains("message 3 refused: "), "\(result.stderr)")
    }

    @Test("a WebSocket message over --max-input closes the connection with the reason; the device comes back")
    func webSocketOversize() async throws {
        let server = try PubSubServer()
        let run = try Self.device(
            server.url("keynote", webSocket: true), last: 1, ["--allow-http", "--max-input", "1KiB"])
        try await server.waitForSubscribers(1, on: "keynote")
        try server.publish(String(repeating: "x", count: 5000), to: "keynote")
        try await Task.sleep(nanoseconds: 500_000_000)
        try await server.waitForSubscribers(1, on: "keynote")
        try server.publish(Self.state(1), to: "keynote")
        let result = try await run.result()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("STATE\t1\n"), "\(result.stdout)")
        #expect(result.stderr.contains("longer than the limit of 1024 bytes"), "\(result.stderr)")
    }

    @Test("a server that wants a token answers 401 without it, reported once; with --header the device gets in")
    func token() async throws {
        let server = try PubSubServer(token: "t0ken")
        let (work, file) = try Self.behaviour(last: 1, seconds: 3)
        let refused = try Tool.run(["run", "--allow-http", "--events", server.url("keynote"), file], in: work)
        #expect(refused.status == 0)
        #expect(refused.stdout == "connection\tlost\n")
        #expect(
            refused.stderr
                == "\(server.url("keynote")): cannot connect: the server answered 401; trying again within 1 s, then less often\n"
        )
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        let run = try Self.device(
            server.url("keynote"), last: 1, ["--allow-http", "--header", "Authorization: Bearer t0ken"])
        try await server.waitForSubscribers(1, on: "keynote")
        try server.publish(Self.state(1), to: "keynote")
        let result = try await run.result()
        #expect(result.stdout == "connection\topen\nSTATE\t1\n", "\(result.stderr)")
    }

    @Test("TLS with a throwaway authority: https and wss with --ca-file; without it the certificate is refused")
    func tls() async throws {
        let certificates = try TestServer.makeCertificates()
        let server = try PubSubServer(
            tls: TestServer.pair("good", in: certificates))
        let authority = certificates.appendingPathComponent("ca.pem").path
        for webSocket in [false, true] {
            let url = server.url("keynote", webSocket: webSocket)
            let run = try Self.device(url, last: 1, ["--ca-file", authority])
            try await server.waitForSubscribers(1, on: "keynote")
            try server.publish(Self.state(1), to: "keynote")
            let result = try await run.result()
            #expect(result.stdout == "connection\topen\nSTATE\t1\n", "\(url): \(result.stderr)")
            let (work, file) = try Self.behaviour(last: 1, seconds: 2)
            let refused = try Tool.run(["run", "--events", url, file], in: work)
            // Never open: the one line names the URL and the certificate it could not trust.
            #expect(refused.stdout == "connection\tlost\n", "\(url): \(refused.stdout)")
            let first = refused.stderr.split(separator: "\n").first ?? ""
            #expect(
                first.hasPrefix("\(url): cannot connect: ") && first.contains("certificate"),
                "\(url): \(refused.stderr)")
        }
    }

    @Test(
        "the stream's grammar: a byte-order mark, CR, LF and CRLF, comments, named events, multi-line data, id and retry"
    )
    func grammar() async throws {
        let server = try TestServer()
        let stream =
            "\u{FEFF}: a comment\r\nretry: 100\r\nid: 7\r\nevent: STATE\r\ndata: {\"n\":\r\ndata: 1}\r\n\r\n"
            + "event: STATE\rdata: not json\r\r"
            + "unknown: field\nid\ndata: {\"event\": \"STATE\", \"data\": {\"n\": 2}}\n\n"
            + "id: 9\nevent: STATE\n\n"  // no data: nothing is dispatched
        try server.serve(["/s": .body(stream, contentType: "text/event-stream")])
        let (work, file) = try Self.behaviour(last: 2)
        let result = try Tool.run(["run", "--allow-http", "--events", server.url("/s"), file], in: work)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "connection\topen\nSTATE\t1\nSTATE\t2\n")
        // The stream may be read again before the behaviour stops (retry: 100): the same line again.
        let skipped = "\(server.url("/s")):2:2: error: expected 'null', found 'o'; skipped"
        let lines = result.stderr.split(separator: "\n").filter { !$0.contains("connect") }
        #expect(lines.first.map(String.init) == skipped && lines.allSatisfy { $0 == skipped }, "\(result.stderr)")
        // The first connection sends no id; later ones resume after the last id the stream gave.
        let requests = try server.requests()
        #expect(requests.first?.last_event_id == nil)
        #expect(requests.dropFirst().allSatisfy { $0.last_event_id == "9" }, "\(requests.map(\.last_event_id))")
    }

    @Test("a server that answers 204 has no more events: the behaviour sees the stream closed and may end")
    func noContent() throws {
        let server = try TestServer()
        try server.serve(["/s": TestServer.Route(status: 204)])
        let work = try Tool.temporaryDirectory()
        let file = try Tool.write(
            #"on("behave.connection", function(c) print(c.state, c.attempt) end)"#, to: "device.lua", in: work)
        let result = try Tool.run(["run", "--allow-http", "--events", server.url("/s"), file], in: work)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "closed\t0\n")
        #expect(result.stderr.hasSuffix(": the server has no more events (204 No Content)\n"), "\(result.stderr)")
    }

    @Test("a Content-Type other than text/event-stream is no stream: reported once, and tried again")
    func notAStream() throws {
        let server = try TestServer()
        try server.serve(["/s": .body("<html>login</html>", contentType: "text/html")])
        let (work, file) = try Self.behaviour(last: 1, seconds: 2)
        let result = try Tool.run(["run", "--allow-http", "--events", server.url("/s"), file], in: work)
        #expect(result.stdout == "connection\tlost\n")
        #expect(
            result.stderr.contains(": cannot connect: Content-Type text/html is not text/event-stream; "),
            "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(try server.requests().count >= 2)
    }

    /// Runs the device against the test server's stream `body` until it stops or `seconds` pass.
    static func hostile(_ body: String, last: Int = 9, seconds: Int = 3, _ extra: [String] = []) throws -> (
        Tool.Result, [TestServer.Request]
    ) {
        let server = try TestServer()
        try server.serve(["/s": .body(body, contentType: "text/event-stream")])
        let (work, file) = try Self.behaviour(last: last, seconds: seconds)
        let result = try Tool.run(["run", "--allow-http", "--events", server.url("/s")] + extra + [file], in: work)
        return (result, try server.requests())
    }

    @Test("a server that accepts and closes at once, even with retry: 0, is tried again less and less often")
    func noSpin() throws {
        let (result, requests) = try Self.hostile("retry: 0\n\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(requests.count >= 2 && requests.count < 15, "\(requests.count) connections in 3 s")
    }

    @Test("a server cannot forge the host's notices, nor hold events back with \"after\"")
    func forgedAndHeld() throws {
        let (result, _) = try Self.hostile(
            "event: behave.connection\ndata: {\"state\": \"closed\"}\n\n"
                + "data: {\"event\": \"STATE\", \"data\": {\"n\": 1}, \"after\": 3600}\n\n"
                + "event: STATE\ndata: {\"n\": 2}\n\n", last: 2, seconds: 20)
        #expect(result.stdout == "connection\topen\nSTATE\t1\nSTATE\t2\n", "\(result.stderr)")
        #expect(result.stderr.contains("/s: message 1 refused: events named behave.… are the host's own\n"))
    }

    @Test("bad messages without end: the first ten are reported, then one line says the rest are not")
    func problemsBounded() throws {
        let (result, _) = try Self.hostile(String(repeating: "data: not json\n\n", count: 50))
        // Besides the connection's own lines, which come once per change of state.
        let lines = result.stderr.split(separator: "\n").filter { !$0.contains("connect") }
        #expect(lines.count == 11, "\(result.stderr)")
        #expect(lines.filter { $0.hasSuffix("; skipped") }.count == 10)
        #expect(lines.last?.hasSuffix(": more messages refused or skipped; no more are reported") == true)
    }

    @Test("an id no header can carry is ignored: the device keeps coming back, after the last good id")
    func controlCharacterID() throws {
        let (_, requests) = try Self.hostile(
            "id: 5\ndata: {\"event\": \"X\"}\n\nid: a\u{1}b\ndata: {\"event\": \"X\"}\n\n")
        #expect(requests.count >= 2)
        #expect(requests.dropFirst().allSatisfy { $0.last_event_id == "5" }, "\(requests.map(\.last_event_id))")
    }

    @Test("a server that accepts and never answers is a failed attempt after --connect-timeout")
    func silentServer() throws {
        let server = try TestServer()
        try server.serve(["/s": TestServer.Route(stall: "headers")])
        let (work, file) = try Self.behaviour(last: 1, seconds: 3)
        let result = try Tool.run(
            ["run", "--allow-http", "--connect-timeout", "1", "--events", server.url("/s"), file], in: work)
        #expect(result.stdout == "connection\tlost\n")
        #expect(
            result.stderr.contains(": cannot connect: no answer within 1 s (--connect-timeout); "), "\(result.stderr)")
    }

    @Test("plain http:// and ws:// need --allow-http; before anything runs")
    func refusedURLs() throws {
        let (work, file) = try Self.behaviour(last: 1, seconds: 1)
        for url in ["http://127.0.0.1:1/sub/x", "ws://127.0.0.1:1/sub/x"] {
            let result = try Tool.run(["run", "--events", url, file], in: work)
            #expect(result.status == 64, "\(url): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
    }

    @Test("--watch with --events URL: each run has a connection of its own, closed when the run ends")
    func watch() throws {
        let server = try PubSubServer()
        let (work, file) = try Self.behaviour(last: 1)
        let terminal = try PseudoTerminal(["run", "--watch", "--allow-http", "--events", server.url("keynote"), file])
        for run in 1...2 {
            try terminal.expect("connection\topen\r\n")
            try Self.until("one subscriber in run \(run)") { try server.subscribers("keynote") == 1 }
            try server.publish(Self.state(1), to: "keynote")
            try terminal.expect("STATE\t1\r\n")
            try terminal.expect("watching 1 file; Ctrl-C stops\r\n")
            // The run is over: so is its connection, before anything changes.
            try Self.until("no subscriber after run \(run)") { try server.subscribers("keynote") == 0 }
            if run == 1 {
                _ = try Tool.write(
                    "-- changed\n" + (try String(contentsOfFile: file, encoding: .utf8)), to: "device.lua", in: work)
                try terminal.expect("device.lua changed; running again\r\n")
            }
        }
        try terminal.type("\u{3}")
        #expect(try terminal.waitForExit() == 130)
    }

    /// Waits until `condition` holds, up to `seconds`, on this thread.
    static func until(_ what: String, seconds: Double = 30, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while try !condition() {
            guard Date() < deadline else { throw PseudoTerminal.Failure(description: "never: \(what)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }
}
