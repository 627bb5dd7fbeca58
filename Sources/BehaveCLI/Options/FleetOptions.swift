import ArgumentParser

/// Options for a fleet manifest given as the behaviour's URL (docs/fleet.md): which channel the
/// app follows, who it is to the rollouts, and where its health reports go.
package struct FleetOptions: ParsableArguments {
    package init() {}

    @Option(
        help: ArgumentHelp(
            "The URL is a fleet manifest: run the copy its rules for this channel select for this device (docs/fleet.md).",
            valueName: "name"))
    package var channel: String?

    @Option(
        name: .customLong("install-id"),
        help: ArgumentHelp(
            "This install's identifier, its bucket in percentage rollouts. Default: one made at the first run and kept in the cache directory.",
            valueName: "id"))
    package var installID: String?

    @Option(
        name: .customLong("health-url"),
        help: ArgumentHelp(
            "Report each run's outcome (copy, rule, outcome, duration) to this collector: queued on disk, sent in batches after the run.",
            valueName: "url"))
    package var healthURL: String?

    @Option(
        name: .customLong("health-field"),
        help: ArgumentHelp(
            "A --context field the health reports may carry (repeatable); no other field leaves the device.",
            valueName: "name"))
    package var healthFields: [String] = []

    @Option(
        name: .customLong("health-queue"),
        help: ArgumentHelp(
            "Where unsent health reports wait. Default: health/ in the cache directory.", valueName: "dir"))
    package var healthQueue: String?

    @Option(
        name: .customLong("health-wait"),
        help: ArgumentHelp(
            "The longest the tool waits after the run to send reports (0: none now); what is not sent waits for the next run. Default 2.",
            valueName: "seconds"))
    package var healthWait: Double = 2

    /// The app's context, as the rules read it: the tool's defaults and `--context` (set by the run).
    package var context: [String: String] = [:]

    /// Whether the copy is run (`run`), rather than only checked or translated: only a run is
    /// remembered for paused rollouts and reported.
    package var isRun = false

    package func validate() throws {
        if let channel, !Self.isName(channel) {
            throw ValidationError("--channel expects letters, digits, '-', '_' or '.', not \(channel)")
        }
        if let installID, installID.isEmpty || installID.utf8.count > 200 {
            throw ValidationError("--install-id expects 1 to 200 bytes")
        }
        if !(healthWait >= 0 && healthWait <= 600) {
            throw ValidationError("--health-wait expects seconds from 0 to 600, got \(healthWait)")
        }
        if healthURL != nil && channel == nil {
            throw ValidationError("--health-url reports the runs of a fleet manifest's copies: it goes with --channel")
        }
    }

    /// A channel's, rule's or copy's name: letters, digits, `-`, `_`, `.`; not empty.
    package static func isName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 100
            && name.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0))
            }
    }
}
