import BehaveTestSupport
import Foundation
import Testing

/// A fresh copy under `--max-wait`, one this app cannot run, and one whose first run fails.
@Suite("Remote behaviours: a fresh copy waited for, checked, quarantined")
struct RemoteFreshCopyTests: RemoteCopiesSuite {
    typealias Fixture = RemoteTests.Fixture

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

    @Test("--max-wait 0 with a server slower than a few seconds: the tool waits within --timeout, and the copy lands")
    func maxWaitSlowServer() throws {
        let fixture = try Fixture()
        _ = try fixture.primed()
        try fixture.server.serve(["/b.json": TestServer.Route(body: Self.second, delay: 7)])
        let stale = try fixture.behave("run", "/b.json", ["--max-wait", "0", "--timeout", "20"])
        #expect(stale.status == 0, "\(stale.stderr)")
        #expect(stale.stdout == Self.firstOutput)
        #expect(stale.stderr.contains("a fresh copy of \(fixture.server.url("/b.json")) is kept for the next run"))
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
        // The failing run's recording is kept beside the quarantine, and replays to the same failure.
        let replayHint = try #require(failed.stderr.range(of: "; behave replay "))
        let recording = String(
            failed.stderr[replayHint.upperBound...].prefix { $0 != " " })
        #expect(failed.stderr.contains("\(recording) runs the failure again\n"))
        let replayed = try Tool.run(["replay", recording])
        #expect(replayed.status == 1)
        #expect(replayed.stdout == "new copy\n")
        #expect(replayed.stderr.contains(":2: boom"), "\(replayed.stderr)")
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
        #expect(!FileManager.default.fileExists(atPath: recording))
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
}
