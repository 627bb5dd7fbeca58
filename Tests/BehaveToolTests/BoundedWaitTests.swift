import BehaveTestSupport
import Foundation
import Testing

/// Every wait outside Lua — a walk of a traced value, a read of a FIFO, a pipe or stdin — is bounded
/// by the run's limits, and SIGTERM ends the tool within a second whatever it waits for
/// (docs/sandbox.md, "What can never happen"). The bounds below are for a loaded machine: each
/// run would otherwise last for ever.
@Suite("Waits outside Lua are bounded", .serialized)
struct BoundedWaitTests {
    /// A run of the tool with stdin a pipe the test holds open and never writes to.
    final class Spawned {
        let process = Process()
        let input = Pipe()
        let directory: URL
        let started = Date()

        init(_ arguments: [String], in directory: URL) throws {
            self.directory = directory
            process.executableURL = Tool.executable
            process.arguments = arguments
            process.currentDirectoryURL = directory
            process.standardInput = input
            process.standardOutput = FileHandle(forWritingAtPath: try Self.create(directory, "out"))
            process.standardError = FileHandle(forWritingAtPath: try Self.create(directory, "err"))
            try process.run()
        }

        static func create(_ directory: URL, _ name: String) throws -> String {
            let path = directory.appendingPathComponent(name).path
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            return path
        }

        /// Waits for the exit, at most `seconds`: the status and how long the run lasted, or nil
        /// (the process is then killed).
        func exit(within seconds: Double) -> (status: Int32, seconds: Double)? {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning && Date() < deadline { usleep(10_000) }
            defer { try? input.fileHandleForWriting.close() }
            guard !process.isRunning else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return nil
            }
            return (process.terminationStatus, Date().timeIntervalSince(started))
        }

        var stderr: String {
            (try? String(contentsOf: directory.appendingPathComponent("err"), encoding: .utf8)) ?? ""
        }
    }

    /// Makes a FIFO no one writes to.
    static func fifo(_ name: String, in directory: URL) -> String {
        let path = directory.appendingPathComponent(name).path
        #expect(mkfifo(path, 0o644) == 0)
        return path
    }

    @Test("tracing a table that reaches a large table many times ends at once, within the payload's budget")
    func traceWalk() throws {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write(
            """
            local M = {} for i = 1, 50 do M[i] = M end for i = 51, 1000000 do M[i] = i end
            local top = {} for i = 1, 50 do top[i] = M end
            emit("x", top)
            """, to: "x.lua", in: work)
        let run = try Spawned(["run", "--time-limit", "1", "--trace", "t.jsonl", "x.lua"], in: work)
        let ended = try #require(run.exit(within: 20), "still tracing")
        #expect(ended.status == 0, "\(run.stderr)")
        let trace = try Tool.read("t.jsonl", in: work)
        #expect(trace.utf8.count < 32 * 1024)
        #expect(trace.hasPrefix(#"{"t":"#) && trace.contains(#""payload":[[["table","table""#))
        #expect(try JSONSerialization.jsonObject(with: Data(trace.utf8)) is [String: Any])
    }

    @Test("the trace file stays within the output limit, and says where it stopped")
    func traceSize() throws {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write(
            "local s = string.rep('y', 4 << 20)\nfor i = 1, 200 do emit('x', s) end\nwait(0)\nprint('done')\n",
            to: "big.lua", in: work)
        let result = try Tool.run(["run", "--output-limit", "10K", "--trace", "t.jsonl", "big.lua"], in: work)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "done\n")
        let trace = try Tool.read("t.jsonl", in: work)
        #expect(trace.utf8.count <= 10 * 1024 + 100)
        let lines = trace.split(separator: "\n")
        #expect(lines.last == #"{"type":"truncated","reason":"the trace reached the output limit"}"#)
        #expect(lines.dropLast().allSatisfy { $0.hasSuffix(#"…"}"#) }, "each 4 MiB string is cut")
    }

    @Test("a trace at a time past microseconds' range is still a JSON line")
    func traceFarFuture() throws {
        let result = try Tool.run([
            "run", "--fast", "--trace", "-", "-e", "on('x', function() end) wait(1e14) emit('x', 1) wait(1)",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(result.stderr.split(separator: "\n").first)
        #expect(line.hasPrefix(#"{"t":1"#) && line.hasSuffix(#""type":"event","name":"x","payload":1}"#))
        #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
    }

    @Test("require refuses a FIFO (or any file that is not regular) at once")
    func requireFIFO() throws {
        let work = try Tool.temporaryDirectory()
        _ = Self.fifo("fifo.lua", in: work)
        _ = try Tool.write("print(pcall(require, 'fifo'))\n", to: "b.lua", in: work)
        let run = try Spawned(["run", "--time-limit", "2", "b.lua"], in: work)
        let ended = try #require(run.exit(within: 20), "require blocked on the FIFO")
        #expect(ended.status == 0)
        let out = try String(contentsOf: work.appendingPathComponent("out"), encoding: .utf8)
        #expect(out == "false\tmodule 'fifo': \(work.path)/fifo.lua: cannot read: is not a regular file\n")
    }

    @Test(
        "a FIFO or pipe that never ends, as the behaviour, its events or stdin, ends at the time limit (exit 66)",
        arguments: [
            ["run", "--time-limit", "1", "fifo.lua"], ["run", "--time-limit", "1", "--events", "fifo.lua", "p.lua"],
            ["run", "--time-limit", "1", "-"],
        ])
    func readBounded(arguments: [String]) throws {
        let work = try Tool.temporaryDirectory()
        _ = Self.fifo("fifo.lua", in: work)
        _ = try Tool.write("print(1)\n", to: "p.lua", in: work)
        let run = try Spawned(arguments, in: work)
        let ended = try #require(run.exit(within: 20), "still reading")
        #expect(ended.status == 66)
        #expect(run.stderr.hasSuffix("cannot read: its end did not come within the time limit of 1 s\n"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test(
        "SIGTERM ends the tool within a second, exit 143, whatever it waits for",
        arguments: [
            ["run", "--time-limit", "0", "fifo.lua"], ["run", "--time-limit", "0", "--events", "fifo.lua", "p.lua"],
            ["run", "--time-limit", "0", "-"], ["run", "--events", "-", "-e", "wait_for('never')"],
        ])
    func sigterm(arguments: [String]) throws {
        let work = try Tool.temporaryDirectory()
        _ = Self.fifo("fifo.lua", in: work)
        _ = try Tool.write("print(1)\n", to: "p.lua", in: work)
        let run = try Spawned(arguments, in: work)
        usleep(500_000)
        let signalled = Date()
        kill(run.process.processIdentifier, SIGTERM)
        let ended = try #require(run.exit(within: 20), "SIGTERM did not end it")
        #expect(run.process.terminationReason == .exit)
        #expect(ended.status == 143, "\(run.stderr)")
        #expect(Date().timeIntervalSince(signalled) < 5, "ends within a second (and a loaded machine's slack)")
    }

    @Test(
        "a FIFO as a recording, given or in a corpus, is refused at once with one line (exit 66)",
        arguments: [
            (["replay", "fifo.rec"], "fifo.rec"), (["test", "--from-recording", "fifo.rec"], "fifo.rec"),
            (["diff", "p.lua", "p.lua", "--recordings", "corpus"], "corpus/live.rec"),
        ])
    func recordingFIFO(arguments: [String], file: String) throws {
        let work = try Tool.temporaryDirectory()
        let corpus = work.appendingPathComponent("corpus")
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        _ = Self.fifo("fifo.rec", in: work)
        _ = Self.fifo("live.rec", in: corpus)
        _ = try Tool.write("print(1)\n", to: "p.lua", in: work)
        let run = try Spawned(arguments, in: work)
        let ended = try #require(run.exit(within: 20), "still waiting for the FIFO's writer")
        #expect(ended.status == 66)
        #expect(run.stderr == "behave: \(file): cannot read: is not a regular file\n")
    }

    @Test("run_behaviour in a test file is confined as require is: no absolute path, no way out, no FIFO")
    func runBehaviourConfined() throws {
        let work = try Tool.temporaryDirectory()
        let tests = work.appendingPathComponent("tests")
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        _ = try Tool.write("print('outside')\n", to: "outside.lua", in: work)
        _ = Self.fifo("fifo.lua", in: tests)
        _ = try Tool.write("print('inside')\n", to: "inside.lua", in: tests)
        _ = try Tool.write(
            """
            test("absolute", function() run_behaviour("\(work.path)/outside.lua") end)
            test("dotdot", function() run_behaviour("../outside.lua") end)
            test("fifo", function() run_behaviour("fifo.lua") end)
            test("inside", function() run_behaviour("inside.lua") end)
            """, to: "paths_test.lua", in: tests)
        let result = try Tool.run(["test", "--time-limit", "2", "tests"], in: work)
        #expect(result.status == 1)
        #expect(!result.stdout.contains("outside\n"))
        #expect(result.stdout.contains("inside\n"))
        #expect(result.stdout.contains("a test names a behaviour relative to its own directory, not an absolute path"))
        #expect(result.stdout.contains("../outside.lua: cannot read: it leads outside the test file's directory"))
        #expect(result.stdout.contains("fifo.lua: cannot read: is not a regular file"))
        #expect(result.stdout.hasSuffix("1 passed, 3 failed\n"))
    }

    @Test("check of a megabyte of Lua on one line ends (columns are counted on, not from the line's start)")
    func longLine() throws {
        let work = try Tool.temporaryDirectory()
        let calls = (1...30_000).map { "t[\($0)] = MyFirstModule.sayHello" }.joined(separator: " ")
        let before = "local t = {} " + calls + " MyFirstModule."
        _ = try Tool.write(before + "sayHelo()", to: "long.lua", in: work)
        let run = try Spawned(["check", "--strict", "long.lua"], in: work)
        let ended = try #require(run.exit(within: 60), "check still running")
        #expect(ended.status == 65)
        #expect(
            run.stderr.hasPrefix("long.lua:1:\(before.count + 1): error: MyFirstModule has no action 'sayHelo'"),
            "\(run.stderr.prefix(300))")
    }
}
