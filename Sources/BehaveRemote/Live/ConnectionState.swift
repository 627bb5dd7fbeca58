#if Remote
    import Behave

    /// Whether a live connection is open, and how long to wait before the next attempt when it
    /// is not. Reports and notices come only when the state changes, so a server that stays
    /// down for an hour costs one line, not one per attempt.
    struct ConnectionState {
        enum Phase { case starting, open, lost }

        let url: String
        let configuration: LiveEventsConfiguration
        private(set) var phase = Phase.starting
        /// Attempts that failed in a row: a connection that lasted under ``steady`` counts as one.
        private(set) var failures = 0
        /// The server's `retry:`, which replaces the configured first delay.
        var serverDelay: Double?
        /// When the connection last opened.
        private var openedAt: ContinuousClock.Instant?

        /// How long a connection must last to count as a success: one that a server accepts and
        /// closes at once is a failure, so that the delay grows rather than the loop spinning.
        static let steady: Duration = .seconds(10)
        /// The shortest delay, whatever a server's `retry:` says.
        static let shortest = 0.1

        init(url: String, configuration: LiveEventsConfiguration) {
            self.url = url
            self.configuration = configuration
        }

        /// The connection is open: the notice for the behaviour.
        mutating func opened() -> PlainValue {
            defer {
                phase = .open
                openedAt = .now
            }
            if phase == .lost { configuration.report?("\(url): connected again") }
            return ["state": "open", "url": .string(url), "attempt": .integer(Int64(failures))]
        }

        /// The connection failed or dropped: how long to wait, and the notice if this is news.
        mutating func lost(_ reason: String) -> (wait: Double, notice: PlainValue?) {
            if phase == .open, let openedAt, ContinuousClock.now - openedAt >= Self.steady { failures = 0 }
            failures += 1
            let first = max(Self.shortest, serverDelay ?? configuration.reconnectDelay)
            let ceiling = Backoff.delay(
                afterFailures: failures, base: first, cap: max(first, configuration.maximumReconnectDelay))
            let wait = ceiling * Double.random(in: Backoff.jitter)
            guard phase != .lost else { return (wait, nil) }
            let verb = phase == .open ? "connection lost" : "cannot connect"
            configuration.report?(
                "\(url): \(verb): \(reason); trying again within \(Limits.formatSeconds(ceiling)), then less often")
            phase = .lost
            let notice: PlainValue = [
                "state": "lost", "url": .string(url), "attempt": .integer(Int64(failures)), "reason": .string(reason),
                "retry": .number(wait),
            ]
            return (wait, notice)
        }

        /// The server closed the stream for good.
        mutating func closed() -> PlainValue {
            configuration.report?("\(url): the server has no more events (204 No Content)")
            return ["state": "closed", "url": .string(url), "attempt": .integer(Int64(failures))]
        }
    }
#endif
