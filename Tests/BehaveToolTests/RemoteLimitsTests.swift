import BehaveTestSupport
import Foundation
import Testing

/// Every wait on the network is bounded: a server that sends its headers and then nothing, or part
/// of a body and then nothing, holds the tool no longer than `--timeout`; a background fetch holds
/// the output not at all and the exit no longer than `--timeout`; SIGTERM ends the tool in every one of
/// these states. The bounds are generous: they tell a bounded wait from an unbounded one.
@Suite("Remote waits end at their limits and at a signal")
struct RemoteLimitsTests {
    typealias Fixture = RemoteTests.Fixture

    /// `behave` started in the background, its output going to files.
    final class Running {
        let process = Process()
        let stdout: URL
        let stderr: URL

        init(_ arguments: [String], in directory: URL) throws {
            stdout = directory.appendingPathComponent("stdout-\(UUID().uuidString)")
            stderr = directory.appendingPathComponent("stderr-\(UUID().uuidString)")
            _ = FileManager.default.createFile(atPath: stdout.path, contents: nil)
            _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
            process.executableURL = Tool.executable
            process.arguments = arguments
            process.currentDirectoryURL = directory
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = try FileHandle(forWritingTo: stdout)
            process.standardError = try FileHandle(forWritingTo: stderr)
            try process.run()
        }

        var output: String { (try? String(contentsOf: stdout, encoding: .utf8)) ?? "" }
        var errors: String { (try? String(contentsOf: stderr, encoding: .utf8)) ?? "" }

        /// Whether it ended within `seconds`; it is killed when it did not.
        func ends(within seconds: Double) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            guard process.isRunning else { return true }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return false
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }

    /// Waits (up to a minute) until `condition` holds.
    static func eventually(_ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if try condition() { return true }
            usleep(20_000)
        }
        return false
    }

    /// Runs `behave run URL` against a stalling server with a cached copy and `--timeout 2`.
    func expectTimeout(_ stall: String, extra: [String] = [], primed: Bool = true) throws -> (Running, Fixture) {
        let fixture = try Fixture()
        if primed { _ = try fixture.primed() }
        try fixture.server.serve(["/b.json": TestServer.Route(body: RemoteTests.second, stall: stall)])
        let running = try Running(
            ["run", fixture.server.url("/b.json"), "--allow-http", "--cache-dir", fixture.cache, "--timeout", "2"]
                + extra, in: fixture.work)
        #expect(running.ends(within: 20), "still waiting 20 s into a 2 s timeout")
        return (running, fixture)
    }

    @Test("a server that sends headers and then nothing: --timeout ends the fetch, the cached copy runs")
    func stalledHeaders() throws {
        let (running, _) = try expectTimeout("headers")
        #expect(running.process.terminationStatus == 10, "\(running.errors)")
        #expect(running.output == RemoteTests.firstOutput)
        #expect(running.errors.contains("no complete answer within 2 s (--timeout)"), "\(running.errors)")
    }

    @Test("a server that sends part of a body and then nothing: --timeout ends the fetch, the cached copy runs")
    func stalledBody() throws {
        let (running, _) = try expectTimeout("body")
        #expect(running.process.terminationStatus == 10, "\(running.errors)")
        #expect(running.output == RemoteTests.firstOutput)
        #expect(running.errors.contains("no complete answer within 2 s (--timeout)"), "\(running.errors)")
    }

    @Test("with no cached copy, a stalled body ends at --timeout and the fallback runs")
    func stalledBodyRunsTheFallback() throws {
        let directory = try Tool.temporaryDirectory()
        let fallback = try Tool.write(RemoteTests.first, to: "bundled.json", in: directory)
        let (running, _) = try expectTimeout("body", extra: ["--fallback", fallback], primed: false)
        #expect(running.process.terminationStatus == 11, "\(running.errors)")
        #expect(running.output == RemoteTests.firstOutput)
    }

    /// `behave run URL --max-wait 0 --timeout TIMEOUT` started with a cached copy, against a server
    /// that never answers.
    func startOnTheCachedCopy(timeout: String = "600") throws -> (Running, Fixture) {
        let fixture = try Fixture()
        _ = try fixture.primed()
        try fixture.server.serve(["/b.json": TestServer.Route(body: RemoteTests.second, stall: "headers")])
        let running = try Running(
            [
                "run", fixture.server.url("/b.json"), "--allow-http", "--cache-dir", fixture.cache, "--max-wait", "0",
                "--timeout", timeout,
            ], in: fixture.work)
        return (running, fixture)
    }

    @Test(
        "--max-wait 0 and a server that never answers: the output is written at once, and the tool exits within --timeout"
    )
    func backgroundFetchDoesNotHoldTheExit() throws {
        let (running, fixture) = try startOnTheCachedCopy(timeout: "3")
        defer { withExtendedLifetime(fixture) {} }  // the server stalls until the test ends
        // The output comes while the fetch still waits: it is not held for it.
        #expect(Self.eventually { running.output == RemoteTests.firstOutput || !running.process.isRunning })
        #expect(running.process.isRunning, "the output came only when the tool exited")
        #expect(running.ends(within: 30), "the background fetch held the exit")
        #expect(running.process.terminationStatus == 0, "\(running.errors)")
        #expect(running.output == RemoteTests.firstOutput)
        #expect(running.errors.contains("the cached copy stays"), "\(running.errors)")
    }

    @Test("SIGTERM ends the tool while the background fetch of --max-wait 0 waits")
    func sigtermDuringTheBackgroundFetch() throws {
        let (running, fixture) = try startOnTheCachedCopy()
        defer { withExtendedLifetime(fixture) {} }  // the server stalls until the test ends
        #expect(Self.eventually { running.output == RemoteTests.firstOutput })
        kill(running.process.processIdentifier, SIGTERM)
        // Well inside the 5 s the tool would otherwise wait.
        #expect(running.ends(within: 3), "SIGTERM did not end the wait for the background fetch")
        #expect(running.process.terminationStatus == 143, "\(running.errors)")
    }

    @Test(
        "SIGTERM ends the tool while it waits for a server's headers, or for the rest of a body",
        arguments: ["headers", "body"])
    func sigtermDuringTheFetch(stall: String) throws {
        let fixture = try Fixture()
        try fixture.server.serve(["/b.json": TestServer.Route(body: RemoteTests.second, stall: stall)])
        let running = try Running(
            ["run", fixture.server.url("/b.json"), "--allow-http", "--cache-dir", fixture.cache, "--timeout", "600"],
            in: fixture.work)
        #expect(try Self.eventually { try !fixture.server.requests().isEmpty })
        usleep(200_000)  // the answer's start on its way, for a stalled body
        kill(running.process.processIdentifier, SIGTERM)
        #expect(running.ends(within: 4), "SIGTERM did not end a blocked fetch")
        let status = running.process.terminationStatus
        #expect(
            running.process.terminationReason == .uncaughtSignal ? status == SIGTERM : status == 143,
            "\(running.process.terminationReason.rawValue) \(status) \(running.errors)")
    }
}
