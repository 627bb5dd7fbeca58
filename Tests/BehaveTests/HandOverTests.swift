import Behave
import Foundation
import Testing

/// `EventChannel.handOver`: a run gives its channel to the next behaviour, when idle (after its
/// `behave.reload` handlers) or at once, and the events it had not delivered wait for the next run.
@Suite("Hand-over of an events channel to the next behaviour")
struct HandOverTests {
    /// What the runs print, read from another thread while they go on.
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        func add(_ more: String) { lock.withLock { text += more } }
        var all: String { lock.withLock { text } }

        /// Waits until the output holds `line`, up to 10 s.
        func waitFor(_ line: String) async throws {
            let deadline = Date().addingTimeInterval(10)
            while !all.contains(line) {
                guard Date() < deadline else {
                    Issue.record("never printed \(line): \(all)")
                    return
                }
                try await Task.sleep(nanoseconds: 5_000_000)
            }
        }
    }

    /// The run that comes after a hand-over: b.lua prints each E it gets, on the same channel.
    static func nextRun(on host: BehaveHost, _ channel: EventChannel) async throws -> RunReport {
        try await host.run(
            Behaviour(name: "b.lua", source: #"on("E", function(d) print("b", d) end)"#), events: channel)
    }

    static func host(_ lines: Lines, clock: any BehaveClock) throws -> BehaveHost {
        try BehaveHost(
            modules: [], output: OutputSink(write: { lines.add($0) }, diagnostic: { lines.add($0 + "\n") }),
            clock: clock)
    }

    @Test(
        "when idle: the reload handlers run, a timer they start does not hold the run, later events wait for the next")
    func whenIdle() async throws {
        let lines = Lines()
        let host = try Self.host(lines, clock: VirtualClock())
        let channel = EventChannel()
        #expect(!channel.handOver(.whenIdle), "no run reads the channel yet")
        let first = Behaviour(
            name: "a.lua",
            source: """
                on("E", function(d) print("a", d) end)
                on("behave.reload", function(n)
                  print("a hands over to", n.to)
                  after(5, function() print("a's timer") end)
                end)
                """)
        let run = Task { try await host.run(first, events: channel) }
        channel.send("E", 1)
        try await lines.waitFor("a\t1\n")
        #expect(channel.handOver(.whenIdle, notice: ["to": "b"]))
        let report = try await run.value
        #expect(report.finish == .handedOver)
        channel.send("E", 2)
        channel.finish()
        let next = try await Self.nextRun(on: host, channel)
        #expect(next.finish == .completed(waiting: 0))
        #expect(lines.all == "a\t1\na hands over to\tb\nb\t2\n")
    }

    @Test("when idle: the notice comes at once, even behind an event due later, which waits for the next run")
    func noticeBeforeALaterEvent() async throws {
        let lines = Lines()
        let host = try Self.host(lines, clock: SystemClock())
        let channel = EventChannel()
        let first = Behaviour(
            name: "a.lua",
            source: """
                print("a runs")
                on("LATER", function() print("a got LATER") end)
                on("behave.reload", function() print("a is told") end)
                """)
        let run = Task { try await host.run(first, events: channel) }
        try await lines.waitFor("a runs\n")
        channel.send("LATER", after: 3600)
        try await Task.sleep(nanoseconds: 100_000_000)
        #expect(channel.handOver(.whenIdle))
        #expect(try await run.value.finish == .handedOver)
        #expect(lines.all == "a runs\na is told\n")
    }

    @Test("now: a behaviour in a long wait ends at once, with no reload, and its channel serves the next run")
    func now() async throws {
        let lines = Lines()
        let host = try Self.host(lines, clock: SystemClock())
        let channel = EventChannel()
        let first = Behaviour(
            name: "a.lua",
            source: """
                on("behave.reload", function() print("not told") end)
                print("a waits")
                wait(3600)
                """)
        let run = Task { try await host.run(first, events: channel) }
        try await lines.waitFor("a waits\n")
        let started = Date()
        #expect(channel.handOver(.now))
        #expect(try await run.value.finish == .handedOver)
        #expect(Date().timeIntervalSince(started) < 30)
        channel.send("E", 3)
        channel.finish()
        _ = try await Self.nextRun(on: host, channel)
        #expect(lines.all == "a waits\nb\t3\n")
    }

    @Test("a channel finished before the hand-over stays finished for the next run, which may end")
    func finishedChannel() async throws {
        let lines = Lines()
        let host = try Self.host(lines, clock: SystemClock())
        let channel = EventChannel()
        let run = Task {
            try await host.run(
                Behaviour(name: "a.lua", source: "print('a') wait(3600) print('a woke')"), events: channel)
        }
        try await lines.waitFor("a\n")
        channel.finish()
        channel.handOver(.now)
        _ = try await run.value
        let next = try await host.run(Behaviour(name: "b.lua", source: "on('E', print)"), events: channel)
        #expect(next.finish == .completed(waiting: 0))
    }

    @Test("a failed handler calls onTaskFailure, and the behaviour goes on")
    func taskFailureHook() async throws {
        let lines = Lines()
        let host = try Self.host(lines, clock: VirtualClock())
        let failures = Lines()
        host.onTaskFailure = { failures.add("x") }
        let report = try await host.run(
            Behaviour(
                name: "a.lua",
                source: """
                    after(1, function() error("one") end)
                    after(2, function() error("two") end)
                    wait(3)
                    print("went on")
                    """))
        #expect(report.failedTasks == 2)
        #expect(failures.all == "xx")
        #expect(lines.all.hasSuffix("went on\n"))
    }

    @Test(
        "the duration limit is the whole run's: copies that take the channel over one after another do not restart it")
    func durationAcrossCopies() async throws {
        let lines = Lines()
        var policy = SandboxPolicy()
        policy.limits.duration = 1
        let host = try BehaveHost(
            modules: [], policy: policy,
            output: OutputSink(write: { lines.add($0) }, diagnostic: { lines.add($0 + "\n") }))
        let channel = EventChannel()
        // A new copy takes over every 0.3 s, for as long as copies run.
        let announcer = Task {
            while !Task.isCancelled {
                try await Task.sleep(nanoseconds: 300_000_000)
                while !channel.handOver(.now), !Task.isCancelled { try await Task.sleep(nanoseconds: 5_000_000) }
            }
        }
        defer { announcer.cancel() }
        var copies = 0
        var ending: BehaveError?
        while copies < 10, ending == nil {
            copies += 1
            do {
                let report = try await host.run(
                    Behaviour(name: "c\(copies).lua", source: #"on("E", print)"#), events: channel)
                #expect(report.finish == .handedOver)
            } catch { ending = error }
        }
        guard case .terminated(let error)? = ending, case .limit(.duration) = error.kind else {
            Issue.record("\(copies) copies ran without the run's duration limit: \(String(describing: ending))")
            return
        }
        #expect(copies < 10)
    }
}
