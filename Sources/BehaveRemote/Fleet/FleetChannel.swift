#if Remote
    import Behave

    /// Who gets which copy on one channel, and the channel's earlier states.
    public struct FleetChannel: Sendable, Equatable {
        /// The part of a channel that edits change and roll-backs restore.
        public struct State: Sendable, Equatable {
            /// The copy devices get when no rule applies; nil runs the app's embedded fallback.
            public var defaultCopy: String?
            /// The rules, tried in order.
            public var rules: [FleetRule]

            /// A state.
            public init(defaultCopy: String?, rules: [FleetRule] = []) {
                self.defaultCopy = defaultCopy
                self.rules = rules
            }

            /// The copies the state names, default first.
            var copyNames: [String] { (defaultCopy.map { [$0] } ?? []) + rules.map(\.copy) }
        }

        /// How many earlier states a channel keeps.
        public static let historyLimit = 10

        /// The copy devices get when no rule applies; nil runs the app's embedded fallback.
        public var defaultCopy: String?
        /// The rules, tried in order.
        public var rules: [FleetRule]
        /// Earlier states, newest first, at most ``historyLimit``.
        public var history: [State]

        /// A channel.
        public init(defaultCopy: String?, rules: [FleetRule] = [], history: [State] = []) {
            self.defaultCopy = defaultCopy
            self.rules = rules
            self.history = history
        }

        /// The current default and rules.
        public var state: State {
            get { State(defaultCopy: defaultCopy, rules: rules) }
            set {
                defaultCopy = newValue.defaultCopy
                rules = newValue.rules
            }
        }

        /// The channel with its state replaced, the previous state remembered when it differs.
        func changed(to new: State) -> FleetChannel {
            guard new != state else { return self }
            var channel = self
            channel.history = Array(([state] + history).prefix(Self.historyLimit))
            channel.state = new
            return channel
        }
    }
#endif
