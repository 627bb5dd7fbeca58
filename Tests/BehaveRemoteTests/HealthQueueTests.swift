#if Remote
    import Behave
    import BehaveRemote
    import Foundation
    import Testing

    /// A fresh directory for a queue, under the system's temporary directory.
    func healthDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("behave-health-\(UUID().uuidString)").path
    }

    /// A report of copy `keynote-8`, told apart by its sequence.
    func healthReport(_ sequence: Int, outcome: HealthReport.Outcome = .ran) -> HealthReport {
        HealthReport(
            at: 1_764_633_600 + Double(sequence), channel: "production", rule: "default", copy: "keynote-8",
            sequence: sequence, outcome: outcome, duration: 0.003)
    }

    @Suite("Health queue: bounded, atomic, shared")
    struct HealthQueueTests {
        @Test("1,200 reports into a bound of 1,000 keep the newest 1,000 and count 200 dropped")
        func bound() throws {
            let queue = HealthQueue(directory: healthDirectory(), maximumQueued: 1000)
            var dropped = 0
            for start in stride(from: 0, to: 1200, by: 100) {
                dropped += try queue.append((start..<start + 100).map { healthReport($0) })
            }
            let contents = try queue.read()
            #expect(dropped == 200)
            #expect(contents.reports.map(\.sequence) == (200..<1200).map { $0 })
            #expect(contents.state.dropped == 200)
            #expect(contents.damaged == 0)
        }

        @Test("below the bound nothing is lost, one report at a time")
        func nothingLostBelowTheBound() throws {
            let queue = HealthQueue(directory: healthDirectory(), maximumQueued: 50)
            for sequence in 0..<50 { #expect(try queue.append([healthReport(sequence)]) == 0) }
            let contents = try queue.read()
            #expect(contents.reports.map(\.sequence) == (0..<50).map { $0 })
            #expect(contents.state.dropped == 0)
            #expect(try queue.append([healthReport(50)]) == 1)
            #expect(try queue.read().reports.first?.sequence == 1)
        }

        @Test("a garbage line in the middle of the queue file is skipped and counted, not a crash")
        func damagedLine() throws {
            let queue = HealthQueue(directory: healthDirectory())
            try queue.append([healthReport(1)])
            let good = try String(contentsOfFile: queue.queuePath, encoding: .utf8)
            let damaged =
                good + "{\"at\": 1, \"copy\": \u{7F}garbage\n\u{0}\u{1}not json at all\n" + healthReport(2).line + "\n"
            try damaged.write(toFile: queue.queuePath, atomically: true, encoding: .utf8)
            let contents = try queue.read()
            #expect(contents.reports.map(\.sequence) == [1, 2])
            #expect(contents.damaged == 2)
            try queue.append([healthReport(3)])
            let rewritten = try queue.read()
            #expect(rewritten.reports.map(\.sequence) == [1, 2, 3])
            #expect(rewritten.damaged == 0)
            #expect(rewritten.state.damaged == 2)
        }

        @Test("a damaged state file reads as a fresh state; the reports stay")
        func damagedState() throws {
            let queue = HealthQueue(directory: healthDirectory())
            try queue.append([healthReport(1)])
            try "{\"failures\": \"many\", \"notBefore\": 1e400".write(
                toFile: queue.statePath, atomically: true, encoding: .utf8)
            let contents = try queue.read()
            #expect(contents.state == HealthQueue.State())
            #expect(contents.reports.count == 1)
        }

        @Test("sent lines leave the queue; lines queued meanwhile stay")
        func remove() throws {
            let queue = HealthQueue(directory: healthDirectory())
            try queue.append((0..<5).map { healthReport($0) })
            let sent = Array(try queue.read().lines.prefix(3))
            try queue.append([healthReport(5)])
            try queue.remove(sent)
            #expect(try queue.read().reports.map(\.sequence) == [3, 4, 5])
        }

        @Test("writers sharing the directory lose no report")
        func sharedDirectory() async throws {
            let directory = healthDirectory()
            await withTaskGroup(of: Void.self) { group in
                for writer in 0..<4 {
                    group.addTask {
                        // A queue value of its own each: its own lock file descriptor, as another process has.
                        let queue = HealthQueue(directory: directory, maximumQueued: 1000)
                        for index in 0..<25 { _ = try? queue.append([healthReport(writer * 100 + index)]) }
                    }
                }
            }
            let sequences = try HealthQueue(directory: directory).read().reports.compactMap(\.sequence)
            #expect(sequences.count == 100)
            #expect(Set(sequences).count == 100)
        }
    }

    @Suite("Health report lines")
    struct HealthReportLineTests {
        @Test("a report is one line, its keys in order, nil ones left out, strings escaped")
        func line() throws {
            let report = HealthReport(
                at: 1_764_633_600.25, channel: "production", rule: "rollout-keynote-8", copy: "keynote-8",
                url: "https://example.com/keynote-8.lua", sequence: 8, outcome: .limit,
                error: "keynote-8.lua:12:3: attempt to index a nil value\n\"quoted\"", limit: "time", duration: 0.125,
                context: ["platform": "ios", "app": "1.2"])
            let expected =
                #"{"at": 1764633600.25, "channel": "production", "rule": "rollout-keynote-8", "copy": "keynote-8", "#
                + #""url": "https://example.com/keynote-8.lua", "sequence": 8, "outcome": "limit", "#
                + #""error": "keynote-8.lua:12:3: attempt to index a nil value\n\"quoted\"", "limit": "time", "#
                + #""duration": 0.125, "context": {"app": "1.2", "platform": "ios"}}"#
            #expect(report.line == expected)
            #expect(try HealthReport(line: Array(report.line.utf8)) == report)
            let bare = HealthReport(at: 1_764_633_600, copy: "k", outcome: .rolledBack)
            #expect(bare.line == #"{"at": 1764633600, "copy": "k", "outcome": "rolled-back"}"#)
            #expect(try HealthReport(line: Array(bare.line.utf8)) == bare)
        }

        @Test(
            "a line that is not a report says why",
            arguments: [
                ("[1]", "a report is an object, not an array"),
                (#"{"copy": "k", "outcome": "ran"}"#, #"no "at" (the time)"#),
                (#"{"at": 1, "outcome": "ran"}"#, #"no "copy""#),
                (
                    #"{"at": 1, "copy": "k", "outcome": "crashed"}"#,
                    #""outcome" is "crashed", not one of ran, failed, limit, quarantined, rolled-back, activated"#
                ),
                (#"{"at": 1, "copy": "k", "outcome": "ran", "sequence": 1.5}"#, #""sequence" is 1.5, not an integer"#),
                (#"{"at": "now", "copy": "k", "outcome": "ran"}"#, #""at" is a string, not a number"#),
                (
                    #"{"at": 1, "copy": "k", "outcome": "ran", "context": {"n": 1}}"#,
                    #""context" field "n" is a number, not a string"#
                ),
            ])
        func readErrors(line: String, reason: String) {
            #expect(throws: HealthReport.ReadError(reason: reason)) { try HealthReport(line: Array(line.utf8)) }
        }

        @Test("a line that is not JSON says where")
        func notJSON() {
            #expect {
                try HealthReport(line: Array(#"{"at": "#.utf8))
            } throws: { ($0 as? HealthReport.ReadError)?.reason.hasPrefix("not JSON: 1:") == true }
        }
    }

    /// Random numbers from a seed (xorshift), so that a failing draw can be replayed.
    struct SeededRandom: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
    }

    @Suite("Health backoff")
    struct HealthBackoffTests {
        @Test("the wait doubles from the base up to the cap")
        func arithmetic() {
            let waits = (0...12).map { Backoff.delay(afterFailures: $0, base: 1, cap: 300) }
            #expect(waits == [0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300])
            #expect(Backoff.delay(afterFailures: Int.max, base: 1, cap: 300) == 300)
            #expect(Backoff.delay(afterFailures: 3, base: -1, cap: 300) == 0)
            #expect(Backoff.delay(afterFailures: 3, base: .nan, cap: .nan) == 0)
        }

        @Test("jitter takes the wait to between a half and the whole, and a success resets it")
        func jitter() {
            var backoff = Backoff(base: 2, cap: 10)
            #expect(backoff.recordFailure(at: 100, jitter: 0.5) == 1)
            #expect(backoff.failures == 1)
            #expect(backoff.notBefore == 101)
            #expect(!backoff.allows(at: 100.5))
            #expect(backoff.allows(at: 101))
            #expect(backoff.recordFailure(at: 200, jitter: 1) == 4)
            #expect(backoff.recordFailure(at: 200, jitter: 7) == 8)
            #expect(backoff.recordFailure(at: 200, jitter: 0) == 5)
            #expect(backoff.recordFailure(at: 200, jitter: .nan) == 10)
            for _ in 0..<10 { backoff.recordFailure(at: 300) }
            #expect(backoff.failures == 15)
            #expect(backoff.notBefore >= 305 && backoff.notBefore <= 310)
            backoff.recordSuccess()
            #expect(backoff == Backoff(base: 2, cap: 10))
            #expect(backoff.allows(at: 0))
            var random = SeededRandom(state: 0x9E37_79B9_7F4A_7C15)
            for failures in 1...20 {
                var fresh = Backoff(base: 1, cap: 300, failures: failures - 1)
                let wait = fresh.recordFailure(at: 0, using: &random)
                let delay = Backoff.delay(afterFailures: failures, base: 1, cap: 300)
                #expect(wait >= delay * 0.5 && wait <= delay)
            }
        }
    }
#endif
