#if Remote
    import Behave

    /// One rule of a channel: devices whose context satisfies `when` and whose bucket falls inside
    /// `percent` get `copy`.
    public struct FleetRule: Sendable, Equatable {
        /// The rule's name, unique in its channel.
        public var name: String
        /// The name of the copy the rule selects.
        public var copy: String
        /// The share of matching devices admitted, `0...100` with at most 2 decimals.
        public var percent: Double
        /// What the buckets are computed with; the same salt keeps the same devices in as the
        /// percentage grows.
        public var salt: String
        /// Whether the rule admits only devices already running its copy.
        public var paused: Bool
        /// The conditions, all of which must hold.
        public var when: [FleetCondition]

        /// A rule; the salt defaults to the rule's name.
        public init(
            name: String, copy: String, percent: Double = 100, salt: String? = nil, paused: Bool = false,
            when: [FleetCondition] = []
        ) {
            self.name = name
            self.copy = copy
            self.percent = percent
            self.salt = salt ?? name
            self.paused = paused
            self.when = when
        }

        /// Whether every condition holds for the context.
        public func applies(to context: [String: String]) -> Bool {
            when.allSatisfy { $0.holds(in: context) }
        }

        /// How many of the ``FleetBucket/count`` buckets the rule admits.
        public var threshold: Int { FleetBucket.threshold(percent: percent) }

        /// Whether `percent` is one a rule may carry: a number in `0...100` with at most 2 decimals.
        public static func isValid(percent: Double) -> Bool {
            guard percent.isFinite, (0...100).contains(percent) else { return false }
            let hundredths = percent * 100
            return abs(hundredths - hundredths.rounded()) < 1e-6
        }
    }
#endif
