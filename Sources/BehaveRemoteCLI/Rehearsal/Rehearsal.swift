#if Remote
    import ArgumentParser
    import Behave
    import BehaveCLI
    import BehaveRemote

    /// A release tried on many devices in one process: each a real host of the tool's modules on
    /// a virtual clock of its own, all with the same events at the same times, so what one device
    /// does cannot hold up another and the rehearsal takes as long as the work does.
    struct Rehearsal: Sendable {
        var manifest: FleetManifest
        var channel: String
        var events: [TimedEvent]
        /// The copies' bytes by name, checked against the manifest's digests.
        var copies: [String: Behaviour]
        var fallback: Behaviour?
        var contexts: RehearsalContexts
        var offline: Double
        var slow: Double
        var failing: Set<String>
        var seed: UInt64
        var sandbox: SandboxOptions

        /// Every device's outcome, in device order, run by `workers` tasks at once.
        func run(devices: Int, workers: Int) async throws -> [RehearsalOutcome] {
            try await withThrowingTaskGroup(of: [(Int, RehearsalOutcome)].self) { group in
                for worker in 0..<workers {
                    group.addTask {
                        var done: [(Int, RehearsalOutcome)] = []
                        for index in stride(from: worker, to: devices, by: workers) {
                            done.append((index, try await device(index)))
                        }
                        return done
                    }
                }
                var outcomes = [RehearsalOutcome?](repeating: nil, count: devices)
                for try await done in group { for (index, outcome) in done { outcomes[index] = outcome } }
                return outcomes.compactMap { $0 }
            }
        }

        /// Device `index`: its context and faults drawn, its copy selected, its run.
        func device(_ index: Int) async throws -> RehearsalOutcome {
            var random = SeededRandom.forDevice(index, seed: seed)
            let context = contexts.context(of: index, random: &random)
            let isOffline = Double.random(in: 0..<100, using: &random) < offline
            let delay =
                Double.random(in: 0..<100, using: &random) < slow ? Double.random(in: 0.5...5, using: &random) : 0
            if isOffline {
                guard let fallback else { return RehearsalOutcome(rule: "offline", copy: "nothing", kind: .nothing) }
                return try await run(fallback, rule: "offline", copy: "fallback", context: context, timeline: [])
            }
            let selection = try manifest.select(
                channel: channel, context: context, installID: context["installID"] ?? "device-\(index)")
            let rule = selection.rule ?? (selection.isFallback ? "fallback" : "default")
            guard let name = selection.copyName, let copy = copies[name] else {
                guard let fallback else { return RehearsalOutcome(rule: rule, copy: "nothing", kind: .nothing) }
                return try await run(fallback, rule: rule, copy: "fallback", context: context, timeline: late(delay))
            }
            let behaviour = failing.contains(name) ? Self.failing(copy, name: name) : copy
            return try await run(behaviour, rule: rule, copy: name, context: context, timeline: late(delay))
        }

        /// The events, each `delay` seconds later than it was published.
        private func late(_ delay: Double) -> [TimedEvent] {
            guard delay > 0, var first = events.first else { return events }
            first.after += delay
            return [first] + events.dropFirst()
        }

        /// One run on a host of its own; an error or a failed handler is the device's failure.
        private func run(
            _ behaviour: Behaviour, rule: String, copy: String, context: [String: String], timeline: [TimedEvent]
        ) async throws -> RehearsalOutcome {
            let watch = RehearsalLatency(published: events)
            // A device's output and reports are its own: the rehearsal keeps only the first error.
            let output = OutputSink(write: { _ in }, diagnostic: { watch.reported($0) })
            let host = try sandbox.makeHost(clock: VirtualClock(), output: output)
            for (key, value) in context { host.context[key] = .string(value) }
            host.observer = { watch.observe($0) }
            var outcome = RehearsalOutcome(rule: rule, copy: copy, kind: .ran)
            do {
                let report = try await host.run(behaviour, events: nil, timeline: timeline)
                if report.failedTasks > 0 {
                    outcome.kind = .failed
                    outcome.error = watch.firstError ?? "a handler or timer failed"
                }
            } catch {
                if case .terminated = error { outcome.kind = .limit } else { outcome.kind = .failed }
                outcome.error = String(error.description.prefix { $0 != "\n" })
            }
            outcome.latencies = watch.latencies
            return outcome
        }

        /// `copy` made to fail on every device: each of its handlers raises an error, as a copy
        /// with a fault in its event handling would.
        static func failing(_ copy: Behaviour, name: String) -> Behaviour {
            guard copy.format == .lua else {
                return Behaviour(name: copy.name, source: "error(\"rehearsal: \(name) fails\")")
            }
            let prefix =
                "do local on_ = on; on = function(name) return on_(name, function() "
                + "error(\"rehearsal: \(name) fails in its handler\", 0) end) end end "
            return Behaviour(name: copy.name, bytes: Array(prefix.utf8) + copy.bytes, format: .lua)
        }
    }
#endif
