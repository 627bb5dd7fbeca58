import BehaveTestSupport
import Foundation
import Testing

/// `run --record` and `replay`, through the built tool: a recorded run runs again exactly.
@Suite("Recording and replay")
struct RecordingTests {
    static let keynoteEvents = """
        {"event": "KEYNOTE_START"}
        {"event": "VOTE_TRAIN_START"}
        {"event": "VOTE_TRAIN_END", "data": {"winner": "Bordeaux"}, "after": 2}
        {"event": "KEYNOTE_END", "after": 0.2}

        """

    @Test("a keynote run with live events and an async action on the real clock replays to the same output and exit")
    func keynoteLive() throws {
        let directory = try Tool.temporaryDirectory()
        let recording = directory.appendingPathComponent("keynote.rec").path
        let recorded = try Tool.run(
            ["run", "--record", recording, "--events", "-", "scripts/examples/keynote.lua"], input: Self.keynoteEvents)
        #expect(recorded.status == 0)
        #expect(recorded.stdout.contains("Vote #1 for Bordeaux recorded\n"))
        let lines = try String(contentsOfFile: recording, encoding: .utf8)
        #expect(lines.contains(#""async":1,"call":"Keynote.vote""#))
        #expect(lines.contains(#"{"at":"#) && lines.contains(#""resolved":1"#))
        let replayed = try Tool.run(["replay", recording])
        #expect(replayed.stdout == recorded.stdout)
        #expect(replayed.stderr == recorded.stderr)
        #expect(replayed.status == 0)
    }

    @Test("a failing run replays to the same error at the same line, with the same random draw and clock")
    func failingRun() throws {
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write(Self.failing, to: "fail.lua", in: directory)
        let events = try Tool.write(Self.failingEvents, to: "events.jsonl", in: directory)
        let recording = directory.appendingPathComponent("fail.rec").path
        let recorded = try Tool.run(["run", "--record", recording, "--events", events, script])
        #expect(recorded.status == 1)
        #expect(recorded.stderr.contains("fail.lua:4: unknown keynote state 'NOPE'"))
        #expect(recorded.stderr.contains("fail.lua:8: boom at KEYNOTE_START"))
        let replayed = try Tool.run(["replay", recording])
        #expect(replayed.stdout == recorded.stdout)
        #expect(replayed.stderr == recorded.stderr)
        #expect(replayed.status == 1)
    }

    @Test("a changed script stops the replay at its first changed call, showing both sides")
    func divergence() throws {
        let directory = try Tool.temporaryDirectory()
        _ = try Tool.write(Self.failing, to: "fail.lua", in: directory)
        _ = try Tool.write(
            Self.failing.replacingOccurrences(of: "Keynote.show(s)", with: "Keynote.show(s .. \"!\")"),
            to: "changed.lua",
            in: directory)
        _ = try Tool.write(Self.failingEvents, to: "events.jsonl", in: directory)
        _ = try Tool.run(
            ["run", "--record", "fail.rec", "--events", "events.jsonl", "--fast", "fail.lua"], in: directory)
        let replayed = try Tool.run(["replay", "fail.rec", "--behaviour", "changed.lua"], in: directory)
        #expect(replayed.status == 5)
        #expect(replayed.stderr.contains("changed.lua:4: unknown keynote state 'NOPE'"))
        #expect(replayed.stderr.contains("behave: the replay left the recording at 0.5s (changed.lua:7):\n"))
        #expect(replayed.stderr.contains(#"  the script:    Keynote.show("KeynoteWelcome!")"#))
        #expect(replayed.stderr.contains(#"  the recording: Keynote.show("KeynoteWelcome")"#))
        #expect(replayed.stdout.hasPrefix("drew\t") && replayed.stdout.hasSuffix("\ttrue\nKeynoteWelcome\n"))
    }

    @Test("a recording cut by its byte cap replays the part it holds and says what it lacks")
    func cut() throws {
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write(
            "for i = 1, 200 do MyFirstModule.sayHello() end\nprint('done')\n", to: "many.lua", in: directory)
        let recording = directory.appendingPathComponent("many.rec").path
        let recorded = try Tool.run(["run", "--record", recording, "--record-limit", "4KiB", script])
        #expect(recorded.status == 0)
        let text = try String(contentsOfFile: recording, encoding: .utf8)
        #expect(text.contains(#""gap":"#))
        let replayed = try Tool.run(["replay", recording])
        #expect(replayed.status == 6)
        #expect(replayed.stderr.contains("the recording lacks "))
        #expect(replayed.stderr.contains(" entries, cut by its byte cap: replayed up to the cut\n"))
        #expect(replayed.stdout.hasPrefix("Hello My name is MyFirstModule\n"))
        #expect(!replayed.stdout.contains("done"))
    }

    @Test("a loop that waits for the clock, cut by the byte cap, replays up to the cut and stops there")
    func clockPastCut() throws {
        let directory = try Tool.temporaryDirectory()
        _ = try Tool.write(
            "local t0 = os.clock()\nwhile os.clock() - t0 < 0.05 do end\nprint('done')\n",
            to: "poll.lua", in: directory)
        let recorded = try Tool.run(
            ["run", "--record", "poll.rec", "--record-limit", "4KiB", "poll.lua"], in: directory)
        #expect(recorded.stdout == "done\n")
        #expect(try Tool.read("poll.rec", in: directory).contains(#""gap":"#))
        let replayed = try Tool.run(["replay", "poll.rec"], in: directory)
        #expect(replayed.status == 6, "\(replayed.stderr)")
        #expect(replayed.stdout.isEmpty)
        #expect(replayed.stderr.contains(" entries, cut by its byte cap: replayed up to the cut\n"))
    }

    @Test("a trusted run's recording is written without running its copy again: its side effects happen once")
    func trustedOnce() throws {
        let directory = try Tool.temporaryDirectory()
        let log = directory.appendingPathComponent("log").path
        let script = try Tool.write(
            "local f = io.open('\(log)', 'a') f:write('x\\n') f:close()\nMyFirstModule.sayHello()\n",
            to: "once.lua", in: directory)
        let recording = directory.appendingPathComponent("once.rec").path
        let recorded = try Tool.run(["run", "--trusted", "--record", recording, script])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "x\n")
        _ = try Tool.run(["test", "--trusted", "--from-recording", recording])
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "x\n")
        let replayed = try Tool.run(["replay", "--trusted", recording])
        #expect(replayed.status == 0)
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "x\nx\n")
    }

    @Test("a limit that stopped the run stops its replay the same way, in the sandbox and trusted")
    func limits() throws {
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write(
            "local t = {}\nfor i = 1, 1e9 do t[i] = i end\n", to: "hog.lua", in: directory)
        for extra in [[], ["--trusted"]] {
            let recording = directory.appendingPathComponent("hog.rec").path
            let recorded = try Tool.run(
                ["run"] + extra + ["--instruction-limit", "100000", "--record", recording, script])
            #expect(recorded.status == 3)
            let replayed = try Tool.run(["replay"] + extra + [recording])
            #expect(replayed.stderr == recorded.stderr)
            #expect(replayed.status == 3)
            if !extra.isEmpty {
                let refused = try Tool.run(["replay", recording])
                #expect(refused.status == 65)
                #expect(
                    refused.stderr.hasSuffix(
                        "the recording is of a trusted run: it replays only when trusted (--trusted)\n"))
            }
        }
    }

    @Test("a run a time limit stopped inside a step, between action calls, replays to the same stop")
    func stoppedMidStep() throws {
        let directory = try Tool.temporaryDirectory()
        _ = try Tool.write("while true do Keynote.screen('KEYNOTE_START') end\n", to: "spin.lua", in: directory)
        // A cap no fast machine fills in 0.2 s: the stop, not a cut, is what the replay meets.
        let recorded = try Tool.run(
            ["run", "--time-limit", "0.2", "--record", "spin.rec", "--record-limit", "48MiB", "spin.lua"],
            in: directory)
        #expect(recorded.status == 3)
        let replayed = try Tool.run(["replay", "spin.rec"], in: directory)
        #expect(replayed.stderr == recorded.stderr)
        #expect(replayed.status == 3)
    }

    @Test(
        "what os.time, os.date and os.clock read replays as it was read, in the sandbox and trusted",
        arguments: [[], ["--trusted"]])
    func clockReadings(mode: [String]) throws {
        let directory = try Tool.temporaryDirectory()
        _ = try Tool.write(
            """
            local t = os.time()
            print("time", t, math.type(t))
            wait(1.1)
            print("date", os.date("%Y-%m-%d %H:%M:%S"), os.date("!*t").sec)
            print("clock", os.clock())
            print("fixed", os.time({year = 2020, month = 1, day = 1, hour = 12}), os.date("!%F", 86400))
            print(pcall(os.time, 5))

            """, to: "clock.lua", in: directory)
        let recorded = try Tool.run(["run"] + mode + ["--record", "clock.rec", "clock.lua"], in: directory)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stdout.contains("\tinteger\n") && recorded.stdout.contains("\t1970-01-02\n"))
        let lines = try Tool.read("clock.rec", in: directory)
        #expect(lines.contains(#"{"time":"#) && lines.contains(#"{"clock":"#))
        // The replay starts after the run's last reading: the system's clock has moved on.
        let replayed = try Tool.run(["replay"] + mode + ["clock.rec"], in: directory)
        #expect(replayed.stdout == recorded.stdout)
        #expect(replayed.status == 0, "\(replayed.stderr)")
    }

    @Test(
        "the clock's functions raise the stock library's errors, at the script's line",
        arguments: [[], ["--trusted"]])
    func clockErrors(mode: [String]) throws {
        let directory = try Tool.temporaryDirectory()
        _ = try Tool.write(
            """
            local function try(f, ...) print(select(2, pcall(function(...) return f(...) end, ...))) end
            try(os.date, "%Ez")
            try(os.date, {})
            try(os.date, "%Y", "soon")
            try(os.time, {})
            try(os.time, 5)
            try(os.time, {year = 2020, month = 1, day = 1.5})
            print(os.date("!%F %T", 0), os.time({year = 2020, month = 14, day = 1, hour = 12}) > 0)

            """, to: "errors.lua", in: directory)
        let stock = try Tool.run(
            ["lua5.4", "errors.lua"], in: directory, program: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(
            stock.stdout.hasPrefix("errors.lua:1: bad argument #1 to 'f' (invalid conversion specifier '%Ez')\n"))
        let behave = try Tool.run(["run"] + mode + ["errors.lua"], in: directory)
        #expect(behave.stdout == stock.stdout)
        #expect(behave.status == 0, "\(behave.stderr)")
    }

    @Test("a recorded copy that requires a module finds it again beside itself")
    func requires() throws {
        let directory = try Tool.temporaryDirectory()
        _ = try Tool.write("return {greet = function() return 'hi' end}\n", to: "helper.lua", in: directory)
        _ = try Tool.write("print(require('helper').greet())\n", to: "main.lua", in: directory)
        let recorded = try Tool.run(["run", "--record", "main.rec", "main.lua"], in: directory)
        #expect(recorded.stdout == "hi\n")
        let replayed = try Tool.run(["replay", "main.rec"], in: directory)
        #expect(replayed.stdout == "hi\n")
        #expect(replayed.status == 0, "\(replayed.stderr)")
    }

    @Test("hostile recordings get one line with the line and column, and exit 65; a missing one exit 66")
    func badRecordings() throws {
        let directory = try Tool.temporaryDirectory()
        let cases: [(String, String)] = [
            ("", "not a recording: it has no header line"),
            ("{\"behave_recording\": 1,\n", ":1:"),
            ("[1, 2]\n", ":1:1: error: expected an object, found an array"),
            ("{\"behave_recording\": 7}\n", ":1:1: error: not a recording of version 1"),
        ]
        for (offset, (text, message)) in cases.enumerated() {
            let path = try Tool.write(text, to: "bad\(offset).rec", in: directory)
            let result = try Tool.run(["replay", path])
            #expect(result.status == 65, "\(text)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        let good = try Tool.run([
            "run", "--record", directory.appendingPathComponent("good.rec").path, "-e", "print(1)",
        ])
        #expect(good.status == 0)
        var lines = try Tool.read("good.rec", in: directory).split(separator: "\n").map(String.init)
        lines.insert(#"{"step": "soon"}"#, at: 1)
        let damaged = try Tool.write(lines.joined(separator: "\n"), to: "damaged.rec", in: directory)
        let result = try Tool.run(["replay", damaged])
        #expect(result.stderr == "\(damaged):2:1: error: \"step\" must be a number\n")
        #expect(result.status == 65)
        lines[1] = #"{"time": 1.5}"#
        let fractional = try Tool.write(lines.joined(separator: "\n"), to: "fractional.rec", in: directory)
        let reading = try Tool.run(["replay", fractional])
        #expect(reading.stderr == "\(fractional):2:1: error: \"time\" must be an integer\n")
        #expect(reading.status == 65)
        #expect(try Tool.run(["replay", directory.appendingPathComponent("missing.rec").path]).status == 66)
    }

    @Test("a recording that cannot be written is exit 73 with one line, and nothing is left behind")
    func unwritable() throws {
        let directory = try Tool.temporaryDirectory()
        let path = directory.appendingPathComponent("no/such/dir.rec").path
        let result = try Tool.run(["run", "--record", path, "-e", "print(1)"])
        #expect(result.status == 73)
        #expect(result.stdout == "1\n")
        #expect(result.stderr.hasPrefix("behave: cannot write \(path): "))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("a copy that drops a recorded call leaves the recording there: both sides shown, exit 5, not a cancellation")
    func droppedCall() throws {
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write(
            "MyFirstModule.sayHello()\nwait(1)\nMyFirstModule.sayGoodBye()\n", to: "a.lua", in: directory)
        let recording = directory.appendingPathComponent("a.rec").path
        #expect(try Tool.run(["run", "--fast", "--record", recording, script]).status == 0)
        let dropped = try Tool.write("wait(1)\nMyFirstModule.sayGoodBye()\n", to: "b.lua", in: directory)
        let replayed = try Tool.run(["replay", "--behaviour", dropped, recording])
        #expect(replayed.status == 5, "\(replayed.stderr)")
        #expect(replayed.stderr.contains("the replay left the recording"), "\(replayed.stderr)")
        #expect(replayed.stderr.contains("MyFirstModule.sayHello"), "\(replayed.stderr)")
        #expect(!replayed.stderr.contains("cancelled"), "\(replayed.stderr)")
    }

    @Test("a recording cap of 0 is a usage error, not a run that silently writes no file")
    func zeroCap() throws {
        let directory = try Tool.temporaryDirectory()
        let path = directory.appendingPathComponent("zero.rec").path
        let result = try Tool.run(["run", "--record", path, "--record-limit", "0", "-e", "print(1)"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("--record-limit must be at least 1 byte, not 0"), "\(result.stderr)")
    }

    static let failing = """
        local n = math.random(1, 1000000)
        print("drew", n, now() >= 0)
        on("go", function(d)
          local s = Keynote.screen(d.state)
          print(s)
          wait(0.2)
          Keynote.show(s)
          error("boom at " .. d.state)
        end)

        """

    static let failingEvents = """
        {"event": "go", "data": {"state": "KEYNOTE_START"}, "after": 0.3}
        {"event": "go", "data": {"state": "NOPE"}, "after": 0.1}

        """
}
