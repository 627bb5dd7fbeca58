import BehaveTestSupport
import CBehave
import Foundation
import Testing

/// `behave` and `behave-remote` run a behaviour's Lua code on the process's main thread (`MainThreadExecutor`), so
/// a script that never waits runs in a single-threaded process, as in `lua5.4` (docs/performance.md). The scripts ask Linux which thread they run on, so they need `--trusted` for `io`.
@Suite("Lua runs on the main thread")
struct MainThreadTests {
    /// Prints `label` and whether the calling thread is the process's main thread.
    static let probe = """
        local function first(path) local f = assert(io.open(path)) local n = f:read('n') f:close() return n end
        local function where(label)
          print(label, first('/proc/thread-self/stat') == first('/proc/self/stat') and 'main' or 'other')
        end
        local function threads()
          for line in io.lines('/proc/self/status') do
            local n = line:match('^Threads:%s*(%d+)') if n then return tonumber(n) end
          end
        end

        """
    /// Says where a `PING` event's handler runs; the second event stops the behaviour.
    static let handler =
        "on('PING', function(payload) where('handler ' .. payload.n) if payload.n == 2 then stop() end end)\n"

    /// `result` is a clean exit that printed exactly `expected`.
    static func expectClean(
        _ result: Tool.Result, printed expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.stdout == expected, sourceLocation: sourceLocation)
        #expect(result.stderr == "", sourceLocation: sourceLocation)
        #expect(result.status == 0, sourceLocation: sourceLocation)
    }

    @Test(
        "a script that never waits runs in a process with one thread, in behave and behave-remote",
        arguments: ["behave", "behave-remote"])
    func singleThreaded(executable: String) throws {
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write(
            Self.probe + "where('main chunk') print('threads', threads())\n",
            to: "plain.lua", in: directory)
        let program = Tool.product(executable)
        Self.expectClean(
            try Tool.run(["run", "--trusted", script], program: program),
            printed: "main chunk\tmain\nthreads\t1\n")
    }

    /// A second thread, even one that only sleeps, ends glibc's one-thread fast path in malloc
    /// and free for good: the time limit must not cost one (threadtimer.c).
    @Test(
        "with a time limit and a duration limit the process still has one thread, with a count hook too",
        .enabled(
            if: behave_signal_interruption_works() != 0,
            "a ThreadSanitizer build polls, and polling needs the watchdog thread"),
        arguments: [[], ["--instruction-limit", "1000000000"]])
    func singleThreadedWithDeadlines(counting: [String]) throws {
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write(
            Self.probe + "where('main chunk') print('threads', threads())\n", to: "limited.lua", in: directory)
        Self.expectClean(
            try Tool.run(["run", "--trusted", "--time-limit", "30", "--duration-limit", "60"] + counting + [script]),
            printed: "main chunk\tmain\nthreads\t1\n")
    }

    @Test("after a wait, in a timer and in an event handler, Lua is still on the main thread")
    func afterWaiting() throws {
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write(
            Self.probe + Self.handler + """
                where('start')
                wait(0.01)
                where('after wait')
                after(0.01, function() where('timer') end)

                """, to: "waits.lua", in: directory)
        let events = try Tool.write(
            """
            {"event": "PING", "data": {"n": 1}, "after": 0.5}
            {"event": "PING", "data": {"n": 2}, "after": 0.01}

            """, to: "events.jsonl", in: directory)
        // Half a second leaves the timer room to fire first on a busy machine.
        for clock in [[], ["--fast"]] {
            Self.expectClean(
                try Tool.run(["run", "--trusted", "--events", events] + clock + [script]),
                printed: "start\tmain\nafter wait\tmain\ntimer\tmain\nhandler 1\tmain\nhandler 2\tmain\n")
        }
    }

    @Test("events read from stdin, which arrive through a thread of their own, reach Lua on the main thread")
    func streamedEvents() throws {
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write(Self.probe + Self.handler + "where('start')\n", to: "streamed.lua", in: directory)
        let result = try Tool.run(
            ["run", "--trusted", "--events", "-", script],
            input: """
                {"event": "PING", "data": {"n": 1}}
                {"event": "PING", "data": {"n": 2}}

                """)
        Self.expectClean(result, printed: "start\tmain\nhandler 1\tmain\nhandler 2\tmain\n")
    }

    @Test("Ctrl-C stops a running script even when behave was started with SIGINT blocked")
    func interruptWithBlockedSignals() throws {
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write("while true do end\n", to: "spin.lua", in: directory)
        // A Swift program's concurrency threads block signals, and a process spawned from one
        // inherits the mask; so does one spawned like this.
        let pid = try #require(spawnQuietly([Tool.executable.path, "run", script], blocking: [SIGINT]))
        // Until its SIGINT handler is in place (Linux lists it under SigCgt), a SIGINT would kill
        // it; from then on, Ctrl-C is pressed every 0.1 s until it exits (the first may come
        // before the run starts). The loop alone would run for many seconds.
        var status: Int32 = 0
        for _ in 0..<100 where !Self.catchesSIGINT(pid) { usleep(100_000) }
        while waitpid(pid, &status, WNOHANG) == 0 {
            kill(pid, SIGINT)
            usleep(100_000)
        }
        // Exited (not killed by the signal), with the documented code for an interruption.
        #expect(status & 0x7f == 0)
        #expect((status >> 8) & 0xff == 130)
    }

    /// Whether process `pid` has a handler for SIGINT, from `/proc/PID/status`.
    static func catchesSIGINT(_ pid: pid_t) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
            let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return false }
        return mask & (1 << (UInt64(SIGINT) - 1)) != 0
    }
}
