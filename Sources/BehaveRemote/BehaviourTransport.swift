#if Remote
    /// How remote behaviours reach the network: one GET at a time. The loader follows redirects
    /// itself (checking each hop's scheme and counting them), sends the conditional headers and
    /// keeps the deadline; a transport makes a single request and reads its body.
    ///
    /// ``AsyncHTTPClientTransport`` is the default. An app gives its own in
    /// ``RemoteConfiguration/transport`` to go through `URLSession` on Apple platforms, a proxy, or
    /// certificate pinning (docs/remote.md shows a `URLSession` one).
    public protocol BehaviourTransport: Sendable {
        /// Makes `request` and returns the answer, without following a redirect. The body of a 200
        /// is read in full, and refused with ``RemoteProblem/tooLarge(limit:)`` as soon as it is
        /// known to be larger than ``TransportRequest/maximumSize``; other answers need no body.
        /// Failures are ``RemoteProblem``s: ``RemoteProblem/unreachable(_:)``,
        /// ``RemoteProblem/timedOut(seconds:)``, ``RemoteProblem/truncated(_:)``.
        func get(_ request: TransportRequest) async throws(RemoteProblem) -> TransportResponse

        /// Releases what the transport holds; called once the loader is done with it.
        func shutdown() async
    }

    extension BehaviourTransport {
        /// Nothing to release.
        public func shutdown() async {}
    }

    /// One GET a ``BehaviourTransport`` makes.
    public struct TransportRequest: Sendable {
        /// The URL, `https://` (or `http://` when the configuration allows it).
        public var url: String
        /// Every header to send, in order: the loader's (`User-Agent`, `Accept`, the conditional
        /// ones) and the configuration's own.
        public var headers: [(name: String, value: String)]
        /// The largest body a 200 may have.
        public var maximumSize: Int
        /// Seconds left for the whole fetch; the request must end within them.
        public var timeout: Double

        /// Creates a request.
        public init(url: String, headers: [(name: String, value: String)], maximumSize: Int, timeout: Double) {
            self.url = url
            self.headers = headers
            self.maximumSize = maximumSize
            self.timeout = timeout
        }
    }

    /// What a ``BehaviourTransport`` got back.
    public struct TransportResponse: Sendable {
        /// The HTTP status.
        public var status: Int
        /// The answer's headers, as sent.
        public var headers: [(name: String, value: String)]
        /// The body of a 200; empty for other statuses.
        public var body: [UInt8]

        /// Creates a response.
        public init(status: Int, headers: [(name: String, value: String)], body: [UInt8] = []) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        /// The first value of the header `name`, whatever its case.
        public func header(_ name: String) -> String? {
            let lower = name.lowercased()
            return headers.first { $0.name.lowercased() == lower }?.value
        }
    }
#endif
