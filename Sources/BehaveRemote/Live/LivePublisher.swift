#if Remote
    import AsyncHTTPClient
    import Behave
    import NIOCore
    import NIOHTTP1

    /// Sends messages back to a pub/sub server: each ``publish(_:)`` is one POST to a publishing
    /// URL, whose body the server fans out as one message of a channel. A device answers the
    /// presenter this way (the keynote's votes), through the server it listens to, with no server
    /// of Behave's.
    ///
    /// ```swift
    /// let votes = try LivePublisher(url: "\(server)/reply/keynote", configuration: configuration)
    /// try await votes.publish(#"{"event": "VOTE", "data": {"destination": "Lyon"}}"#)
    /// ```
    ///
    /// It takes the same ``LiveEventsConfiguration`` as ``LiveEvents``: its headers (a token), its
    /// certificate authorities, `allowHTTP`, and its connect timeout, which bounds each POST to the
    /// server's answer. A message is at most ``LiveEventsConfiguration/maximumMessage`` bytes.
    public final class LivePublisher: Sendable {
        /// The publishing URL.
        public let url: String
        private let configuration: LiveEventsConfiguration
        private let client: HTTPClient

        /// A publisher to `url`: `https://` (or `http://` with ``LiveEventsConfiguration/allowHTTP``).
        /// Nothing connects before the first ``publish(_:)``.
        public init(url: String, configuration: LiveEventsConfiguration = LiveEventsConfiguration())
            throws(RemoteError)
        {
            let scheme = url.prefix { $0 != ":" }.lowercased()
            guard scheme == "https" || (scheme == "http" && configuration.allowHTTP) else {
                throw .refusedURL(
                    url,
                    reason: scheme == "http"
                        ? "plain http:// is refused: use https://, or allow it (--allow-http)"
                        : "messages are published to an https:// URL")
            }
            var settings = HTTPClient.Configuration(
                redirectConfiguration: .disallow,
                timeout: .init(connect: LiveEvents.amount(configuration.connectTimeout)))
            do {
                settings.tlsConfiguration = try AsyncHTTPClientTransport.trusting(configuration.certificateAuthorities)
            } catch {
                throw .refusedURL(url, reason: error.description)
            }
            settings.decompression = .disabled
            self.url = url
            self.configuration = configuration
            client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: settings)
        }

        // Shut down off this thread: a deinit may run on one of the client's own event loops,
        // where waiting for the shutdown would never end.
        deinit {
            let client = self.client
            Task { try? await client.shutdown() }
        }

        /// Publishes `message` and returns the server's answer (nchan's channel information, for
        /// one). Throws ``LivePublisher/Refused`` with the reason when the server is not reached in
        /// time or answers other than 2xx: the message was not published, and may be sent again.
        @discardableResult
        public func publish(_ message: String) async throws(Refused) -> String {
            let limit = configuration.maximumMessage
            guard limit == 0 || message.utf8.count <= limit else {
                throw Refused(reason: "the message is longer than the limit of \(limit) bytes")
            }
            var request = HTTPClientRequest(url: url)
            request.method = .POST
            let own = Set(configuration.headers.map { $0.name.lowercased() })
            if !own.contains("user-agent") { request.headers.add(name: "User-Agent", value: HTTPFetcher.userAgent) }
            request.headers.add(name: "Content-Type", value: "application/json")
            for (name, value) in configuration.headers { request.headers.add(name: name, value: value) }
            request.body = .bytes(ByteBuffer(string: message))
            let outgoing = request
            let client = self.client
            let answered = await Race.within(configuration.connectTimeout) {
                () async -> Result<(UInt, String), any Error> in
                do {
                    let response = try await client.execute(outgoing, deadline: .distantFuture)
                    let body = try await response.body.collect(upTo: 64 << 10)
                    return .success((response.status.code, String(buffer: body)))
                } catch {
                    return .failure(error)
                }
            }
            guard let answered else {
                throw Refused(
                    reason: "no answer within \(Limits.formatSeconds(configuration.connectTimeout)) (--connect-timeout)"
                )
            }
            let status: UInt
            let body: String
            do { (status, body) = try answered.get() } catch { throw Refused(reason: LiveEvents.describe(error)) }
            guard (200..<300).contains(status) else { throw Refused(reason: "the server answered \(status)") }
            return body
        }

        /// A message the server did not take, and why.
        public struct Refused: Error, CustomStringConvertible {
            /// Why, in a few words: `the server answered 403`, `connection refused`.
            public var reason: String
            public var description: String { reason }
        }
    }
#endif
