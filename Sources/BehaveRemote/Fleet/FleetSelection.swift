#if Remote
    import Behave

    /// Which copy a device runs for a channel, and why.
    public struct FleetSelection: Sendable, Equatable {
        /// The channel evaluated.
        public var channel: String
        /// The rule that chose the copy; nil when the channel's default (or the fallback) applies.
        public var rule: String?
        /// The chosen copy's name; nil when the app's embedded fallback runs.
        public var copyName: String?
        /// The chosen copy's record; nil when the app's embedded fallback runs.
        public var copy: FleetCopy?
        /// One line for people, such as `rule rollout-keynote-8 (bucket 312 < 500 of 10000)`.
        public var reason: String

        /// A selection.
        public init(channel: String, rule: String?, copyName: String?, copy: FleetCopy?, reason: String) {
            self.channel = channel
            self.rule = rule
            self.copyName = copyName
            self.copy = copy
            self.reason = reason
        }

        /// Whether the app's embedded fallback runs.
        public var isFallback: Bool { copy == nil }
    }
#endif
