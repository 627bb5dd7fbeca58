#if Remote
    import Behave
    import BehaveRemote
    import PubSubFixture
    import Foundation
    import NIOConcurrencyHelpers

    /// Devices connected at once in the live rows, each a host with its own connection.
    let liveDevices = 1000
    /// States the presenter publishes in each live round.
    let liveStates = 100
    /// After this state the server is killed and started again.
    let liveRestartAfter = 50
    /// States published right after the restart, before the devices are back: they reach each
    /// device by its resuming after the last id it had, and are left out of the latency rows.
    let liveResumed = 5

    /// When each state reached one device's handler, in the order they came.
    final class Arrivals: Sendable {
        private let seen = NIOLockedValueBox<[(state: Int, at: Double)]>([])

        func note(_ state: Int) {
            let at = now()
            seen.withLockedValue { $0.append((state, at)) }
        }

        var all: [(state: Int, at: Double)] { seen.withLockedValue { $0 } }
    }

    /// The probe a device's behaviour calls from its handlers: `Probe.arrived(n)`, and
    /// `Probe.vote()`, which publishes the device's vote to the channel's replies.
    struct Probe: BehaveModule {
        let name = "Probe"
        let arrivals: Arrivals
        let votes: LivePublisher
        let voter: String
        var actions: [Action] {
            let (arrivals, votes, voter) = (self.arrivals, self.votes, self.voter)
            return [
                Action("arrived", "n") { (_, n: Int) in arrivals.note(n) },
                Action("vote") { (_) async throws in
                    try await votes.publish(#"{"event": "VOTE", "data": {"voter": "\#(voter)"}}"#)
                },
            ]
        }
    }

    /// One live round: `liveDevices` hosts in this process, each following the channel through its
    /// own `LiveEvents` connection to a real nchan on 127.0.0.1; the presenter publishes
    /// `liveStates` states, one every 20 ms, and the server is restarted after `liveRestartAfter`.
    /// Returns the latencies (seconds) of the states published while every device was connected,
    /// the devices that lost or repeated a state, the votes lost or counted twice (each device votes
    /// once, at the last state), and the bytes allocated per connected device.
    func liveRound() async throws -> (latencies: [Double], wrong: Int, wrongVotes: Int, bytesPerDevice: Double) {
        let server = try PubSubServer()
        defer { server.stop() }
        let behaviour = Behaviour(
            name: "device.lua",
            source: """
                on("STATE", function(d)
                  Probe.arrived(d.n)
                  if d.n == \(liveStates) then
                    Probe.vote()
                    stop("done")
                  end
                end)
                """)
        var configuration = LiveEventsConfiguration()
        configuration.allowHTTP = true
        let votes = try LivePublisher(url: server.replyURL("live"), configuration: configuration)
        // A device that misses the last state ends at the limit, and counts as wrong.
        var policy = SandboxPolicy()
        policy.limits.duration = 120
        let before = residentBytes()
        var devices: [(arrivals: Arrivals, live: LiveEvents, run: Task<Void, any Error>)] = []
        for device in 0..<liveDevices {
            let arrivals = Arrivals()
            let host = try BehaveHost(
                modules: [Probe(arrivals: arrivals, votes: votes, voter: "device-\(device)")], policy: policy)
            let events = EventChannel()
            let live = try LiveEvents(url: server.url("live"), configuration: configuration)
            live.start(into: events)
            let run = Task { _ = try await host.run(behaviour, events: events) }
            devices.append((arrivals, live, run))
        }
        try await server.waitForSubscribers(liveDevices, on: "live", seconds: 120)
        let bytesPerDevice = (residentBytes() - before) / Double(liveDevices)

        let presenter = Presenter(server)
        await presenter.run()
        let (published, measured) = try presenter.outcome.get()
        var latencies: [Double] = []
        var wrong = 0
        for device in devices {
            _ = try? await device.run.value
            device.live.stop()
            let arrivals = device.arrivals.all
            if arrivals.map(\.state) != Array(1...liveStates) {
                // The first device that went wrong says what it got, so a failed row can be read.
                if wrong == 0 { StandardError.write("bench: live: a device got \(arrivals.map(\.state))\n") }
                wrong += 1
            }
            for arrival in arrivals where measured.contains(arrival.state) {
                latencies.append(arrival.at - published[arrival.state])
            }
        }
        // The presenter's tally: each device's vote once, none twice.
        let tally = Set(try server.replies(to: "live", count: liveDevices))
        let wrongVotes = (liveDevices - tally.count) + abs(try server.messages("live/replies") - liveDevices)
        return (latencies, wrong, wrongVotes, bytesPerDevice)
    }

    /// The presenter, on a thread of its own, so that its blocking publishes and the server's
    /// restart hold none of the threads the devices' handlers run on.
    final class Presenter: @unchecked Sendable {
        private let server: PubSubServer
        /// When each state was published, by number, and the states the latency rows count.
        private(set) var outcome: Result<(published: [Double], measured: Set<Int>), any Error> = .success(([], []))

        init(_ server: PubSubServer) { self.server = server }

        /// Publishes every state, restarting the server on the way; returns when done.
        func run() async {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                Thread.detachNewThread {
                    self.outcome = Result { try self.publish() }
                    done.resume()
                }
            }
        }

        private func publish() throws -> (published: [Double], measured: Set<Int>) {
            var published = [Double](repeating: 0, count: liveStates + 1)
            var measured = Set<Int>()
            for n in 1...liveStates {
                if n == liveRestartAfter + 1 {
                    Thread.sleep(forTimeInterval: 0.2)
                    server.stop()
                    // nchan's ids are the second and a count within it, which a server without Redis
                    // starts again at its start: one started within the second of its last message
                    // would send ids its devices take for old ones (docs/live.md says so).
                    Thread.sleep(forTimeInterval: 1.1)
                    try server.start()
                }
                if n == liveRestartAfter + liveResumed + 1 {
                    let deadline = Date().addingTimeInterval(120)
                    while try server.subscribers("live") < liveDevices, Date() < deadline {
                        Thread.sleep(forTimeInterval: 0.05)
                    }
                }
                if n <= liveRestartAfter || n > liveRestartAfter + liveResumed { measured.insert(n) }
                published[n] = now()
                try server.publish(#"{"event": "STATE", "data": {"n": \#(n)}}"#, to: "live")
                Thread.sleep(forTimeInterval: 0.02)
            }
            return (published, measured)
        }
    }

    /// The value below which `fraction` of `xs` lie.
    func percentile(_ xs: [Double], _ fraction: Double) -> Double {
        let sorted = xs.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
    }

    /// The live rows: publish-to-handler latency at p50 and p99, devices that lost or repeated a
    /// state across the restart, and memory per connected device, each against the issue's target.
    func liveRows(rounds: Int) async throws -> [Row] {
        var p50: [Double] = []
        var p99: [Double] = []
        var wrong: [Double] = []
        var wrongVotes: [Double] = []
        var memory: [Double] = []
        var floor50: [Double] = []
        var floor99: [Double] = []
        for _ in 0..<rounds {
            let floor = try liveFloorRound()
            floor50.append(percentile(floor, 0.50))
            floor99.append(percentile(floor, 0.99))
            let round = try await liveRound()
            p50.append(percentile(round.latencies, 0.50))
            p99.append(percentile(round.latencies, 0.99))
            wrong.append(Double(round.wrong))
            wrongVotes.append(Double(round.wrongVotes))
            memory.append(round.bytesPerDevice)
        }
        let name = "\(liveDevices) devices on one nchan channel, \(liveStates) states"
        return [
            Row(
                "live: publish-to-handler latency p50, \(name), vs the p99 target of 50 ms", behave: p50,
                baseline: p50.map { _ in 0.050 }, scale: 1000, unit: "ms", target: nil),
            Row(
                "live: publish-to-handler latency p99, \(name), vs the target of 50 ms", behave: p99,
                baseline: p99.map { _ in 0.050 }, scale: 1000, unit: "ms", target: 1.0),
            // The floor: the same fan-out read from plain sockets by one thread polling them.
            Row(
                "live: publish-to-handler latency p50 vs publish-to-read on \(liveDevices) plain sockets polled by one thread (the floor: the server's fan-out, none of our code)",
                behave: p50, baseline: floor50, scale: 1000, unit: "ms", target: nil),
            Row(
                "live: publish-to-handler latency p99 vs publish-to-read on \(liveDevices) plain sockets polled by one thread (the floor)",
                behave: p99, baseline: floor99, scale: 1000, unit: "ms", target: nil),
            Row(
                "live: devices that lost or repeated a state across a server restart, \(name), vs one",
                behave: wrong, baseline: wrong.map { _ in 1 }, unit: "devices", target: 0),
            Row(
                "live: votes lost or counted twice, each of the \(liveDevices) devices voting once through the server's replies, vs one",
                behave: wrongVotes, baseline: wrongVotes.map { _ in 1 }, unit: "votes", target: 0),
            Row(
                "live: memory per connected device (host, state, connection; malloc in use), \(name), vs the target of 100 KiB",
                behave: memory, baseline: memory.map { _ in 100 * 1024 }, scale: 1 / 1024, unit: "KiB", target: 1.0),
        ]
    }
#endif
