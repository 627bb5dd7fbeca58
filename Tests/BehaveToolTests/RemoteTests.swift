import BehaveTestSupport
import Foundation
import Testing

/// `behave` against a real HTTP server on 127.0.0.1: first fetch, revalidation, redirects, headers, and
/// the cache. ``RemoteLastGoodCopyTests`` holds every way the fresh copy can fail, and the copy that runs
/// instead.
@Suite("Remote behaviours: fetch and cache")
struct RemoteTests: RemoteCopiesSuite {
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
