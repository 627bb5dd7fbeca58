#if Remote
    import AsyncHTTPClient
    import Behave
    import NIOCore
    import NIOHTTP1

    extension LiveEvents {
        /// One server-sent events connection: a GET that stays open, read as it arrives.
        func streamServerSentEvents(after lastID: String, channel: EventChannel, _ receive: (Happening) -> Void)
            async throws(ConnectionEnd)
        {
            var settings = HTTPClient.Configuration(
                redirectConfiguration: .disallow,
                timeout: .init(
                    connect: Self.amount(configuration.connectTimeout), read: Self.amount(configuration.idleTimeout)))
            do {
                settings.tlsConfiguration = try AsyncHTTPClientTransport.trusting(configuration.certificateAuthorities)
            } catch {
                throw .problem(error.description)
            }
            settings.decompression = .disabled
            settings.connectionPool.retryConnectionEstablishment = false
            let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: settings)
            let outcome: Result<Void, ConnectionEnd>
            do throws(ConnectionEnd) {
                try await read(client, after: lastID, channel: channel, receive)
                outcome = .success(())
            } catch {
                outcome = .failure(error)
            }
            try? await client.shutdown()
            try outcome.get()
        }

        private func read(
            _ client: HTTPClient, after lastID: String, channel: EventChannel, _ receive: (Happening) -> Void
        )
            async throws(ConnectionEnd)
        {
            var request = HTTPClientRequest(url: url)
            let own = Set(configuration.headers.map { $0.name.lowercased() })
            if !own.contains("user-agent") { request.headers.add(name: "User-Agent", value: HTTPFetcher.userAgent) }
            request.headers.add(name: "Accept", value: "text/event-stream")
            request.headers.add(name: "Cache-Control", value: "no-cache")
            if !lastID.isEmpty { request.headers.add(name: "Last-Event-ID", value: lastID) }
            for (name, value) in configuration.headers { request.headers.add(name: name, value: value) }
            // The connect timeout bounds the whole attempt, up to the answer's head: a server that
            // accepts and says nothing is a failed attempt, not an open connection.
            let outgoing = request
            let answered = await Race.within(configuration.connectTimeout) {
                () async -> Result<HTTPClientResponse, any Error> in
                do { return .success(try await client.execute(outgoing, deadline: .distantFuture)) } catch {
                    return .failure(error)
                }
            }
            guard let answered else {
                throw .problem(
                    "no answer within \(Limits.formatSeconds(configuration.connectTimeout)) (--connect-timeout)")
            }
            let response: HTTPClientResponse
            do { response = try answered.get() } catch { throw .problem(Self.describe(error)) }
            switch response.status.code {
            case 200: break
            case 204: throw .closedByServer
            case 300..<400:
                throw .problem(
                    "the server answered \(response.status.code) (a redirect, which an event stream does not follow)")
            default: throw .problem("the server answered \(response.status.code)")
            }
            let type = response.headers.first(name: "content-type") ?? "none"
            guard type.lowercased().hasPrefix("text/event-stream") else {
                throw .problem("Content-Type \(type) is not text/event-stream")
            }
            receive(.opened)
            var parser = EventStreamParser(limit: configuration.maximumMessage, lastEventID: lastID)
            do {
                for try await chunk in response.body {
                    let before = parser.lastEventID
                    parser.feed(chunk.readableBytesView) { output in
                        switch output {
                        case .message(let message):
                            if let name = message.event {
                                receive(.named(name, data: message.data))
                            } else {
                                receive(.message(Array(message.data.utf8)))
                            }
                        case .refused(let reason): receive(.refused(reason))
                        case .retry(let milliseconds): receive(.retry(milliseconds))
                        }
                    }
                    // Every message the chunk ended moves the resume point, even one with no data.
                    if parser.lastEventID != before { receive(.resumeAfter(parser.lastEventID)) }
                    // Read on only when the behaviour keeps up: the server holds what it has not sent.
                    await room(in: channel)
                }
            } catch {
                throw .problem(Self.describe(error))
            }
        }

        /// Seconds as NIO's time, a day at most (so the conversion cannot trap).
        static func amount(_ seconds: Double) -> TimeAmount {
            .nanoseconds(Int64((seconds.isNaN ? 86_400 : min(max(0.001, seconds), 86_400)) * 1e9))
        }

        /// A failure as one readable reason.
        static func describe(_ error: any Error) -> String {
            if let reason = AsyncHTTPClientTransport.certificateReason(error) {
                return "the server's certificate is refused: \(reason)"
            }
            if let error = error as? HTTPClientError {
                switch error {
                case .readTimeout: return "nothing arrived for longer than the idle timeout"
                case .connectTimeout: return "cannot connect within the connect timeout"
                case .remoteConnectionClosed: return "the server closed the connection"
                default: return "\(error)"
                }
            }
            return AsyncHTTPClientTransport.reason(error)
        }
    }
#endif
