import BehaveTestSupport
import Foundation
import Testing

/// Every way the fresh copy can fail (no server, a slow or failing one, too large, cut short, invalid),
/// and the copy that runs instead: the last good one, the fallback, or none.
@Suite("Remote behaviours: the last good copy when the fresh one fails")
struct RemoteLastGoodCopyTests: RemoteCopiesSuite {
    typealias Fixture = RemoteTests.Fixture

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
}
