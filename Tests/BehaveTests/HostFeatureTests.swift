import Behave
import BehaveCoverage
import BehaveLua
import BehaveStore
import Testing

/// The seam features join a host through (`HostFeature`): what a feature hears, in what order,
/// and what a feature that misbehaves cannot break.
@Suite("Host features: one seam")
struct HostFeatureTests {
    /// A feature that notes every moment it hears, and refuses runs while `refusing` is set.
    final class Notes: HostFeature, @unchecked Sendable {
        var heard: [String] = []
        var failures = 0
        var refusing = false
        var watching = true

        func stateBuilt(_ lua: LuaState) { heard.append("state") }
        func behaviourBegins(identity: String) { heard.append("begins \(identity)") }
        func chunkLoaded(_ chunk: String, path: String, bytes: [UInt8]) { heard.append("chunk \(chunk)") }
        func runBegins(_ run: RunStart) throws(BehaveError) -> Bool {
            if refusing { throw .failed(LuaError(kind: .runtime, message: "refused")) }
            heard.append("run")
            return watching
        }
        func eventsDelivered(_ events: [TimedEvent], at time: Double) {
            heard.append("deliver " + events.map(\.name).joined(separator: ","))
        }
        func actionResolved(id: Int, at time: Double, stack: LuaStack, first: Int32, count: Int32) {
            heard.append("resolved \(id)")
        }
        func taskFailed(_ error: LuaError) { failures += 1 }
        func runEnded(_ ending: RunEnding) {
            switch ending.result {
            case .success(let finish): heard.append("ended \(finish)")
            case .failure: heard.append("ended failed")
            }
        }
    }

    static func quiet() -> OutputSink { OutputSink(write: { _ in }, diagnostic: { _ in }) }

    @Test("a feature hears a run's moments in order: state, behaviour, chunk, run, deliveries, answers, end")
    func moments() async throws {
        let notes = Notes()
        let host = try BehaveHost(modules: [], output: Self.quiet(), clock: VirtualClock(), features: [notes])
        let events = EventChannel()
        events.send("ping")
        events.finish()
        let source = "on('ping', function() end) wait(1)"
        try await host.run(Behaviour(name: "m.lua", source: source), events: events)
        #expect(notes.heard.first == "state")
        let run = Array(notes.heard.drop { $0 == "state" })
        #expect(run.prefix(3) == ["begins m.lua", "chunk m.lua", "run"], "\(run)")
        #expect(run.contains("deliver ping"))
        #expect(run.last == "ended completed(waiting: 0)")
    }

    @Test("a feature that watches no run hears no step, delivery or end")
    func notWatching() async throws {
        let notes = Notes()
        notes.watching = false
        let host = try BehaveHost(modules: [], output: Self.quiet(), clock: VirtualClock(), features: [notes])
        try await host.run(Behaviour(name: "w.lua", source: "after(0, function() error('x') end) wait(1)"))
        #expect(notes.failures == 0)
        #expect(!notes.heard.contains { $0.hasPrefix("ended") || $0.hasPrefix("deliver") })
    }

    @Test("a feature that refuses a run fails it; the features already watching hear it end, and the next run records")
    func refusedRun() async throws {
        let first = Notes()
        let refusing = Notes()
        refusing.refusing = true
        let host = try BehaveHost(
            modules: [], output: Self.quiet(), clock: VirtualClock(), features: [first, refusing])
        await #expect(throws: BehaveError.self) {
            try await host.run(Behaviour(name: "r.lua", source: "print('a')"))
        }
        #expect(first.heard.last == "ended failed")
        // The recorder, which began first, keeps the run as it ended: failed before it ran.
        #expect(host.lastRecording?.outcome == RecordedOutcome(.failed, message: "refused"))
        refusing.refusing = false
        try await host.run(Behaviour(name: "r.lua", source: "wait(1)"))
        let recording = try #require(host.lastRecording)
        #expect(recording.entries.filter { if case .step = $0 { true } else { false } }.count == 2)
        #expect(recording.outcome?.kind == .completed)
    }

    @Test("a feature hears the failures the host reports, not the ones past the bound that are only counted")
    func boundedFailures() async throws {
        let notes = Notes()
        let host = try BehaveHost(modules: [], output: Self.quiet(), clock: VirtualClock(), features: [notes])
        let source = "for i = 1, 150 do after(0, function() error('x') end) end"
        let report = try await host.run(Behaviour(name: "f.lua", source: source))
        #expect(report.failedTasks == 150)
        #expect(notes.failures == 100)
    }

    @Test("a StoreFeature serves one host: a second host given it is refused, as the two would share a namespace")
    func storeFeatureJoinsOneHost() throws {
        let store = StoreFeature(.inMemory())
        let first = try BehaveHost(modules: [], features: [store])
        #expect(throws: BehaveError.self) { try BehaveHost(modules: [], features: [store]) }
        withExtendedLifetime(first) {}
        // Coverage counts for any number of hosts.
        let coverage = CoverageRecorder()
        _ = try BehaveHost(modules: [], features: [coverage])
        _ = try BehaveHost(modules: [], features: [coverage])
    }
}
