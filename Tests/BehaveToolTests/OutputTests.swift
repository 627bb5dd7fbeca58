import BehaveTestSupport
import Foundation
import Testing

/// The behaviour's output as someone watching it meets it: written out while the behaviour
/// waits, kept when a signal stops the tool, and a failed write reported (exit 74).
@Suite("Output a person can watch", .serialized)
struct OutputTests {
    @Test(
        "output to a file is written while the behaviour waits; SIGTERM and SIGHUP keep it and exit 143 and 129",
        arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
    func signalled(signal: Int32, code: Int32) throws {
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write("print('hello')\nwait(30)\nprint('late')\n", to: "f.lua", in: directory)
        let out = directory.appendingPathComponent("out").path
        let err = directory.appendingPathComponent("err").path
        let pid = try #require(spawnQuietly([Tool.executable.path, "run", script], stdout: out, stderr: err))
        var written = ""
        for _ in 0..<250 where written.isEmpty {
            usleep(20_000)
            written = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        }
        #expect(written == "hello\n", "written while the behaviour waits")
        #expect(Self.exitCode(pid, after: signal) == code)
        #expect((try String(contentsOfFile: out, encoding: .utf8)) == "hello\n")
        #expect((try String(contentsOfFile: err, encoding: .utf8)) == "behave: cancelled\n")
    }

    @Test(
        "a replay that SIGTERM or SIGINT stops keeps what it printed, says cancelled and exits 143 or 130",
        arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
    func replaySignalled(signal: Int32, code: Int32) throws {
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write("print('hello')\n", to: "f.lua", in: directory)
        let recording = directory.appendingPathComponent("f.rec").path
        #expect(try Tool.run(["run", "--record", recording, script]).status == 0)
        // Another copy that goes on where the recording ends: the replay is still running when signalled.
        let endless = try Tool.write("print('hello')\nwhile true do end\n", to: "g.lua", in: directory)
        let out = directory.appendingPathComponent("out").path
        let err = directory.appendingPathComponent("err").path
        let pid = try #require(
            spawnQuietly(
                [Tool.executable.path, "replay", "--behaviour", endless, recording], stdout: out, stderr: err))
        usleep(1_500_000)
        #expect(Self.exitCode(pid, after: signal) == code)
        #expect((try String(contentsOfFile: out, encoding: .utf8)) == "hello\n")
        // Stopped in its loop, as a run is: where it was.
        #expect((try String(contentsOfFile: err, encoding: .utf8)) == "behave: cancelled at \(endless):2\n")
    }

    /// Sends `signal` to `pid` and waits for it: its exit code, or nil when the signal killed it
    /// (the tool must exit by itself, having written out what it had).
    static func exitCode(_ pid: pid_t, after signal: Int32) -> Int32? {
        kill(pid, signal)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return status & 0x7f == 0 ? (status >> 8) & 0xff : nil
    }

    @Test("a write that fails (a full disk) exits 74 with one line")
    func fullDisk() throws {
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write("print('x')\n", to: "x.lua", in: directory)
        let err = directory.appendingPathComponent("err").path
        let pid = try #require(spawnQuietly([Tool.executable.path, "run", script], stdout: "/dev/full", stderr: err))
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        #expect((status >> 8) & 0xff == 74)
        #expect(
            (try String(contentsOfFile: err, encoding: .utf8))
                == "behave: cannot write the behaviour's output: No space left on device\n")
    }
}
