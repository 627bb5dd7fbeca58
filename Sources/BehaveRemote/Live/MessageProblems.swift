#if Remote
    /// The reports of messages refused or skipped: the first few are shown, the rest only counted,
    /// so that a server sending nothing but bad messages cannot flood the app's log.
    struct MessageProblems {
        /// How many are shown.
        static let shown = 10

        let report: (@Sendable (String) -> Void)?
        let url: String
        private(set) var count = 0

        init(report: (@Sendable (String) -> Void)?, url: String) {
            self.report = report
            self.url = url
        }

        /// Counts `problem` (nil for none), and reports it while under the bound.
        mutating func note(_ problem: String?) {
            guard let problem else { return }
            count += 1
            if count <= Self.shown { report?(problem) }
            if count == Self.shown + 1 {
                report?("\(url): more messages refused or skipped; no more are reported")
            }
        }
    }
#endif
