#if Remote
    /// What one rehearsed device got and how its run went.
    struct RehearsalOutcome: Sendable {
        /// How the run ended.
        enum Kind: String, Sendable {
            case ran, failed, limit
            /// Nothing could run: offline, or the fallback selected, with no fallback given.
            case nothing
        }

        /// The rule that chose (`default`, `fallback`, `offline` otherwise).
        var rule: String
        /// The copy's name, `fallback`, or `nothing`.
        var copy: String
        var kind: Kind
        /// The failure's first line.
        var error: String?
        /// Seconds from each event's publication to the first action the behaviour took after it.
        var latencies: [Double] = []
    }
#endif
