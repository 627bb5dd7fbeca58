#if Remote
    import Behave

    /// How ``LiveEvents`` connects to a pub/sub server, and how it comes back after a drop. The
    /// defaults suit an app in production.
    ///
    /// ```swift
    /// var live = LiveEventsConfiguration()
    /// live.headers = [(name: "Authorization", value: "Bearer t0ken")]
    /// live.report = { line in print(line) }
    /// ```
    public struct LiveEventsConfiguration: Sendable {
        /// Plain `http://` and `ws://` are refused unless this is set, as for remote behaviours.
        public var allowHTTP = false
        /// Headers every connection sends (`Authorization`, an API key), besides `User-Agent`,
        /// `Accept` and `Last-Event-ID`; one named `User-Agent` replaces Behave's.
        public var headers: [(name: String, value: String)] = []
        /// A PEM file of the certificate authorities to trust for `https` and `wss`, instead of
        /// the system's (`--ca-file`).
        public var certificateAuthorities: String?
        /// The most bytes one line of a stream, one message, or one WebSocket message may hold
        /// (`--max-input`); a message over it is refused with a report and the stream goes on.
        /// 0 for no bound. Default 1 MiB.
        public var maximumMessage = 1 << 20
        /// The most events that may wait for the behaviour (``EventChannel/waiting``): past it, a
        /// server-sent stream is read no further until the behaviour catches up (the server holds
        /// the rest), and WebSocket messages that find no room are dropped, with a report. Default 1000.
        public var maximumWaiting = 1000
        /// Seconds to establish a connection. Default 5.
        public var connectTimeout: Double = 5
        /// Seconds without a byte, a comment or a ping before a connection counts as dropped.
        /// Servers send keep-alives well within it. Default 45.
        public var idleTimeout: Double = 45
        /// The first delay before reconnecting, in seconds; a server's `retry:` replaces it.
        /// Default 1.
        public var reconnectDelay: Double = 1
        /// The longest delay between attempts: the delay doubles after each failed attempt up to
        /// this, and each wait is a random part of it between a half and the whole (jitter), so
        /// that a thousand devices dropped together do not come back together. Default 30.
        public var maximumReconnectDelay: Double = 30
        /// Where the one-line reports go: a change of connection state and a message refused.
        /// Each state is reported once, however many attempts fail the same way. nil: nowhere.
        public var report: (@Sendable (String) -> Void)?
        /// Where the stream's ``LiveUpdates/updateEvent`` messages go: a server's word that a new
        /// copy of a behaviour exists (``LiveUpdates/announce(_:)``). They never reach the
        /// behaviour. nil: refused, as every message named `behave.…` is.
        public var updates: (@Sendable (PlainValue) -> Void)?

        /// The defaults.
        public init() {}
    }
#endif
