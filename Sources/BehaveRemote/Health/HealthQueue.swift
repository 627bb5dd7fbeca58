#if Remote
    import Behave
    import BehavePlatform

    /// The reports waiting for the collector, on disk: a directory holding `queue.jsonl`, one
    /// report a line, oldest first, and `state`, what the sends so far leave behind (the backoff,
    /// and how many reports were lost).
    ///
    /// It holds at most ``maximumQueued`` reports: past the bound the oldest are dropped and
    /// counted, and none below it is ever dropped. Every write replaces a file whole
    /// (``AtomicFile``), so a process killed mid-write leaves the old queue or the new one. A line
    /// that is not a report is skipped, counted, and left out of the next write. Processes sharing
    /// the directory take turns: each read, change and write holds an exclusive lock on its `lock` file.
    public struct HealthQueue: Sendable {
        /// The queue's directory, made at the first write.
        public let directory: String
        /// The most reports it holds.
        public let maximumQueued: Int

        /// The queue in `directory`, holding at most `maximumQueued` reports.
        public init(directory: String, maximumQueued: Int = 1000) {
            self.directory = directory
            self.maximumQueued = max(0, maximumQueued)
        }

        /// The reports, one a line.
        public var queuePath: String { directory + "/queue.jsonl" }
        /// The state: ``State`` as one JSON object.
        public var statePath: String { directory + "/state" }
        private var lockPath: String { directory + "/lock" }

        /// How long a change waits for another process's change to the same queue.
        private static let lockWait: Double = 2

        /// What the sends leave behind, kept with the queue.
        public struct State: Sendable, Equatable {
            /// The backoff's failures in a row.
            public var failures: Int
            /// The time (seconds since 1970) before which no send is tried.
            public var notBefore: Double
            /// Reports dropped so far because the queue was full.
            public var dropped: Int
            /// Lines that were not reports, left out of the queue so far.
            public var damaged: Int

            /// A state; the defaults are a queue that never failed nor lost anything.
            public init(failures: Int = 0, notBefore: Double = 0, dropped: Int = 0, damaged: Int = 0) {
                self.failures = failures
                self.notBefore = notBefore
                self.dropped = dropped
                self.damaged = damaged
            }
        }

        /// What the queue holds now.
        public struct Contents: Sendable {
            /// The reports' lines, oldest first, exactly as queued.
            public var lines: [String]
            /// The reports those lines hold.
            public var reports: [HealthReport]
            /// Lines of the file now that are not reports (left out of the next write).
            public var damaged: Int
            /// The state.
            public var state: State
        }

        /// Why the queue could not be read or changed; it is left as it was.
        public struct Failure: Error, Equatable, CustomStringConvertible {
            /// The reason, with the path.
            public var reason: String

            /// A failure with `reason`.
            public init(reason: String) { self.reason = reason }

            /// The reason.
            public var description: String { reason }
        }

        /// Adds `reports` at the end, dropping the oldest beyond the bound; returns how many were dropped.
        @discardableResult
        public func append(_ reports: [HealthReport]) throws(Failure) -> Int {
            try locked { () throws(Failure) -> Int in
                let contents = try load()
                var lines = contents.lines + reports.map(\.line)
                let overflow = max(0, lines.count - maximumQueued)
                lines.removeFirst(overflow)
                var state = contents.state
                state.dropped = Self.adding(state.dropped, overflow)
                state.damaged = Self.adding(state.damaged, contents.damaged)
                try write(lines)
                if state != contents.state { try write(state) }
                return overflow
            }
        }

        /// The queue as it is now.
        public func read() throws(Failure) -> Contents {
            try locked { () throws(Failure) -> Contents in try load() }
        }

        /// Removes the lines `sent` names, each once, earliest first: those a collector took. A line
        /// the bound dropped meanwhile is simply not there; lines queued meanwhile stay.
        public func remove(_ sent: [String]) throws(Failure) {
            guard !sent.isEmpty else { return }
            try locked { () throws(Failure) -> Void in
                let contents = try load()
                var pending: [String: Int] = [:]
                for line in sent { pending[line, default: 0] += 1 }
                var kept: [String] = []
                kept.reserveCapacity(contents.lines.count)
                for line in contents.lines {
                    if let count = pending[line], count > 0 {
                        pending[line] = count - 1
                    } else {
                        kept.append(line)
                    }
                }
                try write(kept)
                if contents.damaged > 0 {
                    var state = contents.state
                    state.damaged = Self.adding(state.damaged, contents.damaged)
                    try write(state)
                }
            }
        }

        /// Changes the state with `change` and returns it.
        @discardableResult
        public func update(_ change: (inout State) -> Void) throws(Failure) -> State {
            try locked { () throws(Failure) -> State in
                var state = readState()
                let before = state
                change(&state)
                if state != before { try write(state) }
                return state
            }
        }

        /// Runs `body` holding the queue's lock, the directory made first.
        private func locked<T>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
            do { try AtomicFile.makeDirectories(directory) } catch { throw Failure(reason: error.description) }
            let result = Platform.withFileLock(lockPath, seconds: Self.lockWait) { () -> Result<T, Failure> in
                do throws(Failure) { return .success(try body()) } catch { return .failure(error) }
            }
            guard let result else { throw Failure(reason: "cannot lock \(lockPath): \(Platform.lockFailure())") }
            return try result.get()
        }

        /// The file's reports and the state, read while the lock is held.
        private func load() throws(Failure) -> Contents {
            var lines: [String] = []
            var reports: [HealthReport] = []
            var damaged = 0
            if Platform.fileStamp(queuePath) != nil {
                let bytes: [UInt8]
                do { bytes = try FileBytes.read(queuePath, limit: 0, regularOnly: true) } catch {
                    throw Failure(reason: "cannot read \(queuePath): \(error)")
                }
                for line in bytes.split(separator: UInt8(ascii: "\n")) {
                    guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") }) else {
                        continue
                    }
                    if let report = try? HealthReport(line: line) {
                        lines.append(String(decoding: line, as: UTF8.self))
                        reports.append(report)
                    } else {
                        damaged += 1
                    }
                }
            }
            return Contents(lines: lines, reports: reports, damaged: damaged, state: readState())
        }

        /// The state file's state; a missing or damaged one is a fresh state, since no report is in it.
        private func readState() -> State {
            guard Platform.fileStamp(statePath) != nil,
                let bytes = try? FileBytes.read(statePath, limit: 4096, regularOnly: true),
                let value = try? JSONParser.parse(bytes)
            else { return State() }
            func number(_ key: String) -> Double {
                guard case .number(let text) = value[key]?.kind, let number = Double(text), WallClock.isTime(number)
                else { return 0 }
                return number
            }
            func count(_ key: String) -> Int { Int(min(number(key), 1e15)) }
            return State(
                failures: count("failures"), notBefore: number("notBefore"), dropped: count("dropped"),
                damaged: count("damaged"))
        }

        private func write(_ lines: [String]) throws(Failure) {
            let text = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
            do { try AtomicFile.write(Array(text.utf8), to: queuePath, mode: 0o600) } catch {
                throw Failure(reason: error.description)
            }
        }

        private func write(_ state: State) throws(Failure) {
            let text =
                "{\"failures\": \(state.failures), \"notBefore\": \(JSONText.number(state.notBefore)), "
                + "\"dropped\": \(state.dropped), \"damaged\": \(state.damaged)}\n"
            do { try AtomicFile.write(Array(text.utf8), to: statePath, mode: 0o600) } catch {
                throw Failure(reason: error.description)
            }
        }

        /// A count that saturates instead of trapping.
        private static func adding(_ a: Int, _ b: Int) -> Int {
            a.addingReportingOverflow(b).overflow ? Int.max : a + b
        }
    }
#endif
