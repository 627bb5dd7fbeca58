import ArgumentParser
import Behave

/// `behave rehearse MANIFEST`: a release tried on many devices before any device gets it.
package struct RehearseCommand: RemoteCommand {
    /// In the help only of a tool that can fetch, sign and verify.
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "rehearse",
            abstract:
                "Rehearse a manifest on many simulated devices: who gets which copy, outcomes and failure rates by rule, event-to-action latency.",
            discussion: """
                Each device is a real host of this tool's modules, on a virtual clock, with the same events \
                (--events) at the same times. Its context is drawn from --contexts (JSON lines, one device each, \
                cycled) or --vary; its install id is device-N unless the context names installID. The copies are \
                read from --copies (default: beside MANIFEST, by the last part of each copy's URL) and checked \
                against the manifest's digests. Faults: --offline devices reach no server and run --fallback \
                without events; --slow ones get every event late; --failing makes a copy raise an error on every \
                device that runs it.
                """,
            shouldDisplay: BehaveTool.current.canFetch
        )
    }

    @Argument(help: "The manifest file.", completion: .file(extensions: ["json"]))
    package var manifest: String

    @Option(help: ArgumentHelp("The channel the devices follow.", valueName: "name"))
    package var channel: String

    @Option(help: ArgumentHelp("The events every device gets: a JSON-lines events file.", valueName: "file"))
    package var events: String

    @Option(help: ArgumentHelp("How many devices. Default 1000.", valueName: "n"))
    package var devices: Int = 1000

    @Option(help: ArgumentHelp("The devices' contexts: JSON lines of string fields, cycled.", valueName: "file"))
    package var contexts: String?

    @Option(
        help: ArgumentHelp(
            "A context field drawn per device: FIELD=VALUE:WEIGHT,VALUE:WEIGHT… (repeatable).", valueName: "spec"))
    package var vary: [String] = []

    @Option(help: ArgumentHelp("Where the copies' files are. Default: MANIFEST's directory.", valueName: "dir"))
    package var copies: String?

    @Option(help: ArgumentHelp("The app's own copy, which offline devices run.", valueName: "file"))
    package var fallback: String?

    @Option(help: ArgumentHelp("The share of devices that reach no server, 0 to 100. Default 0.", valueName: "percent"))
    package var offline: Double = 0

    @Option(
        help: ArgumentHelp(
            "The share of devices that get every event late (0.5 to 5 s), 0 to 100.", valueName: "percent"))
    package var slow: Double = 0

    @Option(help: ArgumentHelp("A copy that fails on every device that runs it (repeatable).", valueName: "copy"))
    package var failing: [String] = []

    @Option(help: ArgumentHelp("Seeds the draws, so that a rehearsal repeats exactly. Default 1.", valueName: "n"))
    package var seed: UInt64 = 1

    @Flag(help: "Prints the report as one JSON document, for CI.")
    package var json = false

    @OptionGroup package var sandbox: SandboxOptions

    package init() {}

    package var needsRemoteTools: Bool { true }

    package func validate() throws {
        if !(1...1_000_000).contains(devices) { throw ValidationError("--devices expects 1 to 1000000") }
        for (name, value) in [("--offline", offline), ("--slow", slow)] where !(value >= 0 && value <= 100) {
            throw ValidationError("\(name) expects 0 to 100, got \(value)")
        }
        if contexts != nil && !vary.isEmpty { throw ValidationError("--contexts and --vary do not go together") }
    }

    package func run(with tools: (any RemoteTools)?) async throws {
        guard let tools else { RemoteHandOff.exec() }
        try await tools.rehearse(self)
    }
}
