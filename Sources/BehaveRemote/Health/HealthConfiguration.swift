#if Remote
    import Behave

    /// Where an app's health reports go and how they wait: the collector, the context fields that
    /// may leave the device, the queue on disk and its bound, the batches, the backoff after a
    /// failure, and the connection. The defaults suit an app in production.
    public struct HealthConfiguration: Sendable {
        /// The URL reports are posted to: `https://` (or `http://` with the connection's
        /// ``LiveEventsConfiguration/allowHTTP``).
        public var collector: String
        /// The context fields that may leave the device; every other field is removed before a
        /// report is queued. Empty: none.
        public var allowedFields: Set<String> = []
        /// The directory of the queue (``HealthQueue``), made when missing.
        public var directory: String
        /// The most reports the queue holds; past it the oldest are dropped, and counted. Default 1000.
        public var maximumQueued = 1000
        /// The most reports one POST carries. Default 100.
        public var batchSize = 100
        /// The wait after the first failed send, in seconds (``Backoff``). Default 1.
        public var backoffBase: Double = 1
        /// The longest wait between failed sends, in seconds. Default 300.
        public var backoffCap: Double = 300
        /// How the collector is reached: headers (a token), certificate authorities, `allowHTTP`,
        /// and the connect timeout that bounds each POST.
        public var connection = LiveEventsConfiguration()

        /// Reports posted to `collector`, queued in `directory`.
        public init(collector: String, directory: String) {
            self.collector = collector
            self.directory = directory
        }
    }
#endif
