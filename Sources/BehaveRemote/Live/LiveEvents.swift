#if Remote
    import Behave
    import NIOConcurrencyHelpers

    /// Events for a running behaviour from a pub/sub server, as they are published: server-sent
    /// events (`https://`, `text/event-stream`) or WebSocket (`wss://`), kept connected for as long
    /// as the app runs.
    ///
    /// ```swift
    /// configuration.headers = [(name: "Authorization", value: "Bearer \(token)")]
    /// configuration.report = { line in log(line) }
    /// let events = EventChannel()
    /// let live = try LiveEvents(url: "\(server)/sub/keynote", configuration: configuration)
    /// live.start(into: events)
    /// let report = try await host.run(behaviour, events: events)
    /// live.stop()
    /// ```
    ///
    /// A message becomes an event as a line of an events file does (``TimedEvent``); a server-sent
    /// message with an `event:` field is that event, its `data:` the JSON payload. A connection
    /// that drops comes back after a delay that doubles up to a bound, with jitter; server-sent
    /// events resume after the last message received (`Last-Event-ID`). The behaviour sees the
    /// connection's state as the event ``connectionEvent``.
    public final class LiveEvents: Sendable {
        /// The event a behaviour gets when the connection opens, is lost, or is closed for good:
        /// its payload's `state` is `"open"`, `"lost"` or `"closed"`, with `url`, `attempt` (failed
        /// attempts in a row; a connection that lasted under 10 s counts as one), and for `"lost"`
        /// the `reason` and the seconds until the next attempt (`retry`). Like every event named
        /// `behave.…`, it is the host's notice: a behaviour without a handler for it is not told
        /// it dropped one.
        public static let connectionEvent = "behave.connection"

        /// The server's URL.
        public let url: String
        let configuration: LiveEventsConfiguration
        let kind: Kind
        private let task = NIOLockedValueBox<Task<Void, Never>?>(nil)
        private let resumeID = NIOLockedValueBox("")

        enum Kind: Sendable { case serverSentEvents, webSocket }

        /// A source for `url`: `https://` (or `http://` with ``LiveEventsConfiguration/allowHTTP``)
        /// for server-sent events, `wss://` (or `ws://`) for WebSocket. Nothing connects before
        /// ``start(into:)``.
        public init(url: String, configuration: LiveEventsConfiguration = LiveEventsConfiguration())
            throws(RemoteError)
        {
            self.url = url
            self.configuration = configuration
            let scheme = url.prefix { $0 != ":" }.lowercased()
            switch scheme {
            case "https", "http": kind = .serverSentEvents
            case "wss", "ws": kind = .webSocket
            default:
                throw .refusedURL(url, reason: "events come from https:// (server-sent events) or wss:// (WebSocket)")
            }
            if (scheme == "http" || scheme == "ws") && !configuration.allowHTTP {
                throw .refusedURL(
                    url, reason: "plain \(scheme):// is refused: use \(scheme)s://, or allow it (--allow-http)")
            }
        }

        /// Connects and delivers every message to `channel` until ``stop()``, reconnecting after
        /// each drop. A server that answers 204 No Content means "no more": the channel is finished.
        public func start(into channel: EventChannel) {
            let started = Task { await self.deliver(to: channel) }
            task.withLockedValue { previous in
                previous?.cancel()
                previous = started
            }
        }

        /// Closes the connection and stops reconnecting; the channel is left open.
        public func stop() {
            task.withLockedValue { $0?.cancel() }
        }

        /// The id of the last server-sent message received, which the next connection resumes after.
        public var lastEventID: String { resumeID.withLockedValue { $0 } }

        /// The connect–deliver–wait loop.
        private func deliver(to channel: EventChannel) async {
            var connection = ConnectionState(url: url, configuration: configuration)
            var problems = MessageProblems(report: configuration.report, url: url)
            var received = 0
            while !Task.isCancelled {
                let problem: String
                do {
                    try await connect(channel) { happening in
                        switch happening {
                        case .opened:
                            channel.send(Self.connectionEvent, connection.opened())
                        case .message(let bytes):
                            received += 1
                            problems.note(deliver(bytes, number: received, to: channel))
                        case .named(let name, let data):
                            received += 1
                            problems.note(deliver(name, data: data, number: received, to: channel))
                        case .refused(let reason):
                            received += 1
                            problems.note("\(url): message \(received) refused: \(reason)")
                        case .retry(let milliseconds):
                            connection.serverDelay = Double(milliseconds) / 1000
                        case .resumeAfter(let id):
                            resumeID.withLockedValue { $0 = id }
                        }
                    }
                    problem = "the server closed the connection"
                } catch {
                    guard case .problem(let reason) = error else {
                        channel.send(Self.connectionEvent, connection.closed())
                        channel.finish()
                        return
                    }
                    problem = reason
                }
                if Task.isCancelled { return }
                let (wait, notice) = connection.lost(problem)
                if let notice { channel.send(Self.connectionEvent, notice) }
                try? await Task.sleep(nanoseconds: UInt64(min(wait, 86_400) * 1e9))
            }
        }

        /// A WebSocket message, or a server-sent one without `event:`: a line of an events file.
        /// Its `after` is not kept: a live event is delivered as it arrives, and a server cannot
        /// hold back the ones after it. Returns the problem, if any.
        private func deliver(_ bytes: [UInt8], number: Int, to channel: EventChannel) -> String? {
            do {
                guard let event = try TimedEvent.parseLine(bytes, line: number, file: url) else { return nil }
                return send(event.name, event.data, number: number, to: channel)
            } catch {
                return "\(error); skipped"
            }
        }

        /// A server-sent message with an `event:` field: that event, its data the JSON payload
        /// (none when empty). Returns the problem, if any.
        private func deliver(_ name: String, data: String, number: Int, to channel: EventChannel) -> String? {
            guard !data.isEmpty else { return send(name, .null, number: number, to: channel) }
            do {
                return send(name, PlainValue(try JSONParser.parse(Array(data.utf8))), number: number, to: channel)
            } catch {
                let at = SourcePosition(line: number, column: error.position.column)
                return "\(Diagnostic(.error, file: url, at: at, error.message)); skipped"
            }
        }

        /// Sends the event, unless it claims a name of the host's notices, which no server may forge.
        private func send(_ name: String, _ data: PlainValue, number: Int, to channel: EventChannel) -> String? {
            if name == LiveUpdates.updateEvent, let updates = configuration.updates {
                updates(data)
                return nil
            }
            guard !name.hasPrefix("behave.") else {
                return "\(url): message \(number) refused: events named behave.… are the host's own"
            }
            channel.send(name, data)
            return nil
        }

        /// One connection, until it ends.
        private func connect(_ channel: EventChannel, _ receive: (Happening) -> Void) async throws(ConnectionEnd) {
            switch kind {
            case .serverSentEvents: try await streamServerSentEvents(after: lastEventID, channel: channel, receive)
            case .webSocket: try await streamWebSocket(channel: channel, receive)
            }
        }

        /// Returns once fewer than ``LiveEventsConfiguration/maximumWaiting`` events wait for the
        /// behaviour (or the source stops): a server faster than the behaviour waits, not the memory.
        func room(in channel: EventChannel) async {
            while channel.waiting >= configuration.maximumWaiting, !Task.isCancelled {
                try? await Task.sleep(nanoseconds: 5_000_000)
            }
        }

        /// What a connection reports as it goes.
        enum Happening {
            case opened
            /// A message to read as a line of an events file: a WebSocket text message, or a
            /// server-sent message with no `event:` field.
            case message([UInt8])
            /// A server-sent message with an `event:` field.
            case named(String, data: String)
            case refused(String)
            case retry(Int)
            case resumeAfter(String)
        }

        /// Why a connection ended.
        enum ConnectionEnd: Error {
            /// The server said there is nothing more (204): no reconnection.
            case closedByServer
            /// Anything else: the reason, for the report; the loop reconnects.
            case problem(String)
        }
    }
#endif
