import ArgumentParser
import Behave

/// `behave health FILE|URL`: what the collected health reports say, by channel, rule and copy.
package struct HealthCommand: RemoteCommand {
    /// In the help only of a tool that can fetch, sign and verify.
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "health",
            abstract:
                "Summarise collected health reports by channel, rule and copy: runs, failures, failure rate, top errors.",
            discussion: """
                FILE (or the https:// URL it is served at) holds the reports as the collector received them, one \
                JSON object per line (docs/fleet.md). Lines that are not reports are counted, not fatal.
                """,
            shouldDisplay: BehaveTool.current.canFetch
        )
    }

    @Argument(help: "The collected reports: a file, or an https:// URL.", completion: .file())
    package var reports: String

    @Flag(help: "Prints the summary as one JSON document.")
    package var json = false

    @Option(
        name: .customLong("fail-above"),
        help: ArgumentHelp(
            "Exits 1 when a copy's failure rate is above this percentage (a release gate).", valueName: "percent"))
    package var failAbove: Double?

    @OptionGroup(title: "Remote behaviours", visibility: BehaveTool.current.remoteHelpVisibility) package var remote:
        RemoteOptions

    @OptionGroup package var input: InputOptions

    package init() {}

    package var needsRemoteTools: Bool { true }

    package func validate() throws {
        if let failAbove, !(failAbove >= 0 && failAbove <= 100) {
            throw ValidationError("--fail-above expects 0 to 100, got \(failAbove)")
        }
    }

    package func run(with tools: (any RemoteTools)?) async throws {
        guard let tools else { RemoteHandOff.exec() }
        try await tools.health(self)
    }
}
