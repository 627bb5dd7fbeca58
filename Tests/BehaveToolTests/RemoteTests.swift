import BehaveTestSupport
import Foundation
import Testing

/// `behave` against a real HTTP server on 127.0.0.1: first fetch, revalidation, every way the fresh copy
/// can fail, and the copy that runs instead.
@Suite("Remote behaviours: fetch, last good copy, signatures")
struct RemoteTests {
    static let first = RemoteFixtures.first
    static let second = RemoteFixtures.second
    static let firstOutput = RemoteFixtures.firstOutput
    static let secondOutput = RemoteFixtures.secondOutput

    /// A server, a cache directory and a working directory for one test.
    struct Fixture {
        let server: TestServer
        let work: URL
        var cache: String { work.appendingPathComponent("cache").path }

        init() throws {
            server = try TestServer()
            work = try Tool.temporaryDirectory()
        }

        /// `behave COMMAND URL --allow-http --cache-dir … EXTRA`.
        func behave(_ command: String = "run", _ path: String = "/b.json", _ extra: [String] = []) throws -> Tool.Result
        {
            try Tool.run([command, server.url(path), "--allow-http", "--cache-dir", cache] + extra, in: work)
        }

        /// The bytes of every copy the cache keeps (and its quarantine), to show a failure left
        /// them untouched; not its records of copies that ran well and of validation verdicts.
        func cacheFiles() throws -> [String: Data] {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).filter {
                !$0.hasSuffix(".ran") && !$0.hasSuffix(".verdicts") && !$0.hasSuffix(".sequence")
                    && !$0.hasSuffix(".lock")
            }
            var files: [String: Data] = [:]
            for name in names {
                files[name] = try Data(contentsOf: URL(fileURLWithPath: cache).appendingPathComponent(name))
            }
            return files
        }

        /// Runs once against a good copy, so the cache holds `first`.
        func primed() throws -> [String: Data] {
            try server.serve(["/b.json": .body(RemoteTests.first)])
            let result = try behave()
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == RemoteTests.firstOutput)
            let files = try cacheFiles()
            #expect(files.count == 1)
            return files
        }

        /// After `primed()`, the fresh copy fails this way: the last good copy runs, exit 10, one line says why.
        func expectLastGoodCopy(
            _ route: TestServer.Route, _ reason: String, extra: [String] = [],
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let before = try primed()
            try server.serve(["/b.json": route])
            let result = try behave("run", "/b.json", extra)
            Self.expectFirstCopyRan(result, saying: reason, sourceLocation: sourceLocation)
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
            #expect(
                result.stderr.contains("running the last good copy"), "\(result.stderr)", sourceLocation: sourceLocation
            )
            #expect(try cacheFiles() == before, "the good copy was replaced", sourceLocation: sourceLocation)
        }

        /// The run refused a fresh copy and ran the cached `first` instead: exit 10, its output, and
        /// `reason` on stderr.
        static func expectFirstCopyRan(
            _ result: Tool.Result, saying reason: String, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            #expect(result.status == 10, "\(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stdout == RemoteTests.firstOutput, sourceLocation: sourceLocation)
            #expect(result.stderr.contains(reason), "\(result.stderr)", sourceLocation: sourceLocation)
        }
    }

    @Test("--header is sent on every request; a server that needs it refuses without it; User-Agent names Behave")
    func headers() throws {
        let fixture = try Fixture()
        try fixture.server.serve([
            "/b.json": TestServer.Route(body: Self.first, require_header: ["Authorization": "Bearer s3cret"])
        ])
        let refused = try fixture.behave()
        #expect(refused.status == 69)
        #expect(refused.stderr.contains("the server answered 401"), "\(refused.stderr)")
        let sent = try fixture.behave("run", "/b.json", ["--header", "Authorization: Bearer s3cret"])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout == Self.firstOutput)
        let requests = try fixture.server.requests()
        #expect(requests.map(\.status) == [401, 200])
        #expect(requests.last?.authorization == "Bearer s3cret")
        #expect(requests.allSatisfy { $0.user_agent?.hasPrefix("Behave/0.") == true }, "\(requests.map(\.user_agent))")
        let own = try fixture.behave(
            "run", "/b.json", ["--header", "Authorization: Bearer s3cret", "--header", "User-Agent: ticketing/1.0"])
        #expect(own.status == 0, "\(own.stderr)")
        #expect(try fixture.server.requests().last?.user_agent == "ticketing/1.0")
        for bad in ["no colon", ": empty name", "bad name: x", "X-Ok: line\nbreak"] {
            let result = try fixture.behave("run", "/b.json", ["--header", bad])
            #expect(result.status == 64, "\(bad)")
            #expect(result.stderr.contains("--header"), "\(result.stderr)")
        }
    }

    @Test(
        "--max-wait 0 with a cached copy: the run starts at once on it, the slow fetch ends after it, the next run has the fresh copy"
    )
    func maxWaitZero() throws {
        let fixture = try Fixture()
        _ = try fixture.primed()
        // Slow, but well within the tool's wait after the run (LinkedRemoteTools.refreshGrace).
        try fixture.server.serve(["/b.json": TestServer.Route(body: Self.second, delay: 3)])
        let terminal = try PseudoTerminal(
            [
                "run", fixture.server.url("/b.json"), "--allow-http", "--cache-dir", fixture.cache, "--max-wait", "0",
            ], environment: [:])
        try terminal.expect(Self.firstOutput.replacingOccurrences(of: "\n", with: "\r\n"))
        // The behaviour ran while the server still sat on the request: only the priming one is logged.
        #expect(try fixture.server.requests().count == 1)
        try terminal.expect("a fresh copy of \(fixture.server.url("/b.json")) is kept for the next run")
        #expect(try terminal.waitForExit() == 0)
        #expect(try fixture.server.requests().map(\.status) == [200, 200])
        // The server is gone: the next run has the fresh copy all the same, as its last good copy.
        fixture.server.stop()
        let next = try fixture.behave()
        #expect(next.status == 10, "\(next.stderr)")
        #expect(next.stdout == Self.secondOutput)
    }

    @Test("--max-wait with a fast server waits for the fresh copy, and a fresh copy that fails the check is refused")
    func maxWaitEnough() throws {
        let fixture = try Fixture()
        _ = try fixture.primed()
        try fixture.server.serve(["/b.json": .body(Self.second)])
        let fresh = try fixture.behave("run", "/b.json", ["--max-wait", "60"])
        #expect(fresh.status == 0, "\(fresh.stderr)")
        #expect(fresh.stdout == Self.secondOutput)
        try fixture.server.serve(["/b.json": TestServer.Route(body: "[{\"name\": 5}]", delay: 2)])
        let stale = try fixture.behave("run", "/b.json", ["--max-wait", "0"])
        #expect(stale.status == 0, "\(stale.stderr)")
        #expect(stale.stdout == Self.secondOutput)
        // Kept for the next run, it is checked there, refused, and the current copy runs.
        fixture.server.stop()
        let next = try fixture.behave()
        #expect(next.status == 10)
        #expect(next.stdout == Self.secondOutput)
        #expect(next.stderr.contains("fetched in the background is not used"), "\(next.stderr)")
    }

    @Test(
        "a fresh copy that fails its first run is quarantined: the copy before it runs next, the same bytes are refused, other bytes are tried"
    )
    func quarantine() throws {
        let fixture = try Fixture()
        _ = try fixture.primed()
        let broken = "print('new copy')\nerror('boom')\n"
        // A URL of its own beside primed()'s, with a good copy first.
        try fixture.server.serve(["/b.lua": .body("print('good copy')\n")])
        #expect(try fixture.behave("run", "/b.lua").stdout == "good copy\n")
        try fixture.server.serve(["/b.lua": .body(broken)])
        let failed = try fixture.behave("run", "/b.lua")
        #expect(failed.status == 1)
        #expect(failed.stdout == "new copy\n")
        #expect(
            failed.stderr.contains(
                "the fresh copy of \(fixture.server.url("/b.lua")) failed its first run and is quarantined"),
            "\(failed.stderr)")
        // The server still serves the broken bytes: refused, and the copy before runs (exit 10).
        let next = try fixture.behave("run", "/b.lua")
        #expect(next.status == 10, "\(next.stderr)")
        #expect(next.stdout == "good copy\n")
        #expect(next.stderr.contains("the server still serves the copy quarantined on "), "\(next.stderr)")
        #expect(next.stderr.contains("(its first run failed: "), "\(next.stderr)")
        // behave cache shows the active copy, and the quarantined one with why.
        let listed = try Tool.run(["cache", fixture.server.url("/b.lua"), "--cache-dir", fixture.cache])
        #expect(listed.status == 0, "\(listed.stderr)")
        let lines = listed.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == fixture.server.url("/b.lua"))
        #expect(
            lines.contains { $0.hasPrefix("  active      unsigned, fetched ") && $0.hasSuffix(", 19 bytes") },
            "\(lines)")
        #expect(
            lines.contains {
                $0.hasPrefix("  quarantined on ") && $0.hasSuffix(": \(fixture.server.url("/b.lua")):2: boom")
            }, "\(lines)")
        let all = try Tool.run(["cache", "--cache-dir", fixture.cache])
        #expect(all.stdout.contains(fixture.server.url("/b.json") + "\n"), "\(all.stdout)")
        // Other bytes are tried again.
        try fixture.server.serve(["/b.lua": .body("print('fixed copy')\n")])
        let fixed = try fixture.behave("run", "/b.lua")
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(fixed.stdout == "fixed copy\n")
        let clean = try Tool.run(["cache", fixture.server.url("/b.lua"), "--cache-dir", fixture.cache])
        #expect(!clean.stdout.contains("quarantined"), "\(clean.stdout)")
        #expect(clean.stdout.contains("  previous    unsigned, fetched "), "\(clean.stdout)")
        // --clear forgets it.
        let cleared = try Tool.run(["cache", "--clear", fixture.server.url("/b.lua"), "--cache-dir", fixture.cache])
        #expect(cleared.stdout == "forgot \(fixture.server.url("/b.lua"))\n")
        let gone = try Tool.run(["cache", fixture.server.url("/b.lua"), "--cache-dir", fixture.cache])
        #expect(gone.stdout.contains("active      none"), "\(gone.stdout)")
    }

    @Test(
        "a copy this app cannot run is refused and the current one stays: -- requires: in Lua, unknown names in JSON with --strict"
    )
    func compatibilityGate() throws {
        let fixture = try Fixture()
        _ = try fixture.primed()
        try fixture.server.serve([
            "/b.json": .body(
                "-- requires: MyFirstModule.sayHello, Keynote.teleport\nprint('new')\n", contentType: "text/x-lua")
        ])
        let lacking = try fixture.behave()
        Fixture.expectFirstCopyRan(lacking, saying: "requires Keynote.teleport, which this app does not have")
        try fixture.server.serve([
            "/b.json": .body("-- requires: version >= 99.1\nprint('new')\n", contentType: "text/x-lua")
        ])
        let old = try fixture.behave()
        #expect(old.status == 10)
        #expect(old.stderr.contains("requires version >= 99.1; this app is 0."), "\(old.stderr)")
        let told = try fixture.behave("run", "/b.json", ["--context", "version=99.1.0"])
        #expect(told.status == 0, "\(told.stderr)")
        #expect(told.stdout == "new\n")
        // A JSON list naming an action this app lacks runs, skipping it; with --strict it is refused.
        let unknown = #"[{"name": "MyFirstModule", "actions": [{"func": "sayHello"}, {"func": "teleport"}]}]"#
        try fixture.server.serve(["/b.json": .body(unknown)])
        let strict = try fixture.behave("run", "/b.json", ["--strict", "--context", "version=99.1.0"])
        #expect(strict.status == 10, "\(strict.stderr)")
        #expect(strict.stdout == "new\n")
        #expect(strict.stderr.contains("MyFirstModule has no action 'teleport'"), "\(strict.stderr)")
    }

    @Test func firstFetchRunsAndIsCached() throws {
        let fixture = try Fixture()
        _ = try fixture.primed()
        let requests = try fixture.server.requests()
        #expect(requests.map(\.path) == ["/b.json"])
        #expect(requests.first?.if_none_match == nil)
    }

    @Test func revalidationWith304UsesTheCachedCopy() throws {
        let fixture = try Fixture()
        try fixture.server.serve(["/b.json": .body(Self.first, etag: "\"v1\"")])
        #expect(try fixture.behave().stdout == Self.firstOutput)
        let second = try fixture.behave()
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == Self.firstOutput)
        #expect(second.stderr.isEmpty)
        let requests = try fixture.server.requests()
        #expect(requests.map(\.status) == [200, 304])
        #expect(requests.last?.if_none_match == "\"v1\"")
        // A new version with a new ETag replaces the copy.
        try fixture.server.serve(["/b.json": .body(Self.second, etag: "\"v2\"")])
        #expect(try fixture.behave().stdout == Self.secondOutput)
    }

    @Test func lastModifiedIsSentBack() throws {
        let fixture = try Fixture()
        var route = TestServer.Route.body(Self.first)
        route.last_modified = "Sun, 22 Nov 2026 10:00:00 GMT"
        try fixture.server.serve(["/b.json": route])
        _ = try fixture.behave()
        _ = try fixture.behave()
        #expect(try fixture.server.requests().last?.if_modified_since == "Sun, 22 Nov 2026 10:00:00 GMT")
    }

    @Test func serverDownRunsTheLastGoodCopy() throws {
        let fixture = try Fixture()
        _ = try fixture.primed()
        fixture.server.stop()
        let result = try fixture.behave()
        Fixture.expectFirstCopyRan(result, saying: "running the last good copy (confirmed")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("cannot connect to 127.0.0.1:\(fixture.server.port)"), "\(result.stderr)")
    }

    @Test func slowServerTimesOut() throws {
        var route = TestServer.Route.body(Self.second)
        route.delay = 5
        try Fixture().expectLastGoodCopy(route, "no complete answer within 1 s (--timeout)", extra: ["--timeout", "1"])
    }

    @Test func serverErrorRunsTheLastGoodCopy() throws {
        var route = TestServer.Route.body("oops")
        route.status = 503
        try Fixture().expectLastGoodCopy(route, "the server answered 503")
    }

    @Test func tenMegabytesAreRefused() throws {
        try Fixture().expectLastGoodCopy(
            TestServer.Route(generate: 10 << 20), "larger than the 1048576-byte limit (--max-size)")
    }

    @Test func tenMegabytesWithoutContentLengthAreRefusedWhileStreaming() throws {
        try Fixture().expectLastGoodCopy(
            TestServer.Route(generate: 10 << 20, chunked: true), "larger than the 1048576-byte limit")
    }

    @Test func truncatedBody() throws {
        try Fixture().expectLastGoodCopy(TestServer.Route(body: Self.second, truncate: 20), "the body was cut short")
    }

    @Test func wrongContentType() throws {
        try Fixture().expectLastGoodCopy(
            .body("<html>Sign in to the Wi-Fi</html>", contentType: "text/html; charset=utf-8"),
            "Content-Type text/html is not a behaviour")
    }

    @Test func invalidJSONKeepsTheCache() throws {
        let fixture = try Fixture()
        try fixture.expectLastGoodCopy(
            .body("[{\"name\": \"MyFirstModule\", \"actions\": ["),
            "the new copy is invalid: \(fixture.server.url("/b.json")):1:")
    }

    @Test func luaSyntaxErrorKeepsTheCache() throws {
        try Fixture().expectLastGoodCopy(
            .body("print('unfinished", contentType: "text/x-lua"), "the new copy is invalid")
    }

    @Test func tooManyRedirects() throws {
        let fixture = try Fixture()
        _ = try fixture.primed()
        try fixture.server.serve([
            "/b.json": TestServer.Route(redirect: "/loop"), "/loop": TestServer.Route(redirect: "/b.json"),
        ])
        let result = try fixture.behave()
        #expect(result.status == 10)
        #expect(result.stderr.contains("more than 5 redirects (--max-redirects)"), "\(result.stderr)")
    }

    @Test func redirectIsFollowed() throws {
        let fixture = try Fixture()
        try fixture.server.serve([
            "/b.json": TestServer.Route(redirect: "/v2/b.json"), "/v2/b.json": .body(Self.second),
        ])
        let result = try fixture.behave()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == Self.secondOutput)
    }

    @Test func plainHTTPNeedsAllowHTTP() throws {
        let fixture = try Fixture()
        try fixture.server.serve(["/b.json": .body(Self.first)])
        let result = try Tool.run(["run", fixture.server.url("/b.json"), "--cache-dir", fixture.cache])
        #expect(result.status == 64)
        #expect(result.stderr.contains("plain http is refused"), "\(result.stderr)")
        #expect(try fixture.server.requests().isEmpty)
    }

    @Test func noCopyAtAllRunsNothing() throws {
        let fixture = try Fixture()
        fixture.server.stop()
        let result = try fixture.behave()
        #expect(result.status == 69)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("no cached copy and no fallback; nothing ran"), "\(result.stderr)")
    }

    @Test func fallbackRunsWhenThereIsNoCache() throws {
        let fixture = try Fixture()
        let fallback = try Tool.write(Self.second, to: "bundled.json", in: fixture.work)
        var route = TestServer.Route.body("")
        route.status = 500
        try fixture.server.serve(["/b.json": route])
        let result = try fixture.behave("run", "/b.json", ["--fallback", fallback])
        #expect(result.status == 11)
        #expect(result.stdout == Self.secondOutput)
        #expect(
            result.stderr.contains("the server answered 500; no cached copy, running the fallback \(fallback)"),
            "\(result.stderr)")
        #expect(try fixture.cacheFiles().isEmpty)
    }

    @Test func minimumFetchIntervalSkipsTheRequest() throws {
        let fixture = try Fixture()
        _ = try fixture.primed()
        try fixture.server.serve(["/b.json": .body(Self.second)])
        let within = try fixture.behave("run", "/b.json", ["--min-fetch-interval", "3600"])
        #expect(within.status == 0)
        #expect(within.stdout == Self.firstOutput)
        #expect(try fixture.server.requests().count == 1)
        let refreshed = try fixture.behave("run", "/b.json", ["--min-fetch-interval", "3600", "--refresh"])
        #expect(refreshed.stdout == Self.secondOutput)
        #expect(try fixture.server.requests().count == 2)
    }

    @Test func damagedCacheFileIsIgnored() throws {
        let fixture = try Fixture()
        let files = try fixture.primed()
        let name = try #require(files.keys.first)
        let path = URL(fileURLWithPath: fixture.cache).appendingPathComponent(name)
        try Data(files[name]!.dropLast(5)).write(to: path)  // as if the disk lost the end
        fixture.server.stop()
        let result = try fixture.behave()
        #expect(result.status == 69)
        #expect(result.stderr.contains("is damaged (body is"), "\(result.stderr)")
    }

    @Test func unwritableCacheStillRunsTheFreshCopy() throws {
        let fixture = try Fixture()
        try fixture.server.serve(["/b.json": .body(Self.first)])
        let blocker = try Tool.write("not a directory", to: "cache", in: fixture.work)  // --cache-dir is a file
        let result = try fixture.behave()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == Self.firstOutput)
        #expect(result.stderr.contains("cannot write \(blocker)"), "\(result.stderr)")
        #expect(result.stderr.contains("the copy runs but is not kept"), "\(result.stderr)")
        #expect(try String(contentsOfFile: blocker, encoding: .utf8) == "not a directory")
    }

    @Test func checkAndTranslateTakeURLs() throws {
        let fixture = try Fixture()
        try fixture.server.serve(["/b.json": .body(Self.first)])
        let check = try fixture.behave("check")
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout == "\(fixture.server.url("/b.json")): ok\n")
        let translate = try fixture.behave("translate")
        #expect(translate.status == 0, "\(translate.stderr)")
        #expect(translate.stdout.contains("MyFirstModule.sayHello()"), "\(translate.stdout)")
        fixture.server.stop()
        let offline = try fixture.behave("check")
        #expect(offline.status == 10)
    }

    @Test func luaBehaviourByContentType() throws {
        let fixture = try Fixture()
        try fixture.server.serve(["/latest": .body("print('from ' .. 'lua')", contentType: "text/x-lua")])
        let result = try fixture.behave("run", "/latest")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "from lua\n")
    }
}
