import ArgumentParser
import Behave

/// `behave fleet`: the operator's commands, each of which writes a signed manifest to upload.
package struct FleetCommand: AsyncParsableCommand {
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "fleet",
            abstract: "Decide who gets which behaviour: write a fleet manifest's channels, rollouts, pauses and kills.",
            discussion: """
                Each command reads MANIFEST, changes it, signs it with --key (MANIFEST.sig, a higher sequence each \
                time) and prints who gets what, before (-) and after (+). Upload both files where the apps read \
                them (docs/fleet.md).
                """,
            shouldDisplay: BehaveTool.current.canFetch,
            subcommands: [
                FleetNewCommand.self, FleetAddCommand.self, FleetPointCommand.self, FleetRolloutCommand.self,
                FleetPauseCommand.self, FleetKillCommand.self, FleetRollbackCommand.self,
            ]
        )
    }

    package init() {}
}

/// A `behave fleet` subcommand: an edit, applied by the tools.
package protocol FleetEditCommand: RemoteCommand {
    /// Where the manifest is and how it is signed.
    var write: FleetWriteOptions { get }
    /// The change.
    var edit: FleetEdit { get }
}

extension FleetEditCommand {
    package var needsRemoteTools: Bool { true }

    package func run(with tools: (any RemoteTools)?) async throws {
        guard let tools else { RemoteHandOff.exec() }
        try tools.fleet(edit, options: write)
    }
}

/// `behave fleet new MANIFEST`.
package struct FleetNewCommand: FleetEditCommand {
    package static let configuration = CommandConfiguration(
        commandName: "new", abstract: "Write a manifest with no copies and no channels (refuses to replace one).")
    @OptionGroup package var write: FleetWriteOptions
    package init() {}
    package var edit: FleetEdit { .create }
}

/// `behave fleet add MANIFEST NAME FILE --url URL`.
package struct FleetAddCommand: FleetEditCommand {
    package static let configuration = CommandConfiguration(
        commandName: "add",
        abstract:
            "Add a copy: its name, the file whose bytes devices must receive (checked first), and the URL it is served at."
    )
    @OptionGroup package var write: FleetWriteOptions
    @Argument(help: "The copy's name: it names these bytes for good.") var name: String
    @Argument(help: "The behaviour file, as uploaded.", completion: .file(extensions: ["lua", "json"])) var file: String
    @Option(help: ArgumentHelp("Where devices fetch the copy.", valueName: "url")) var url: String
    @Option(
        name: .customLong("copy-sequence"),
        help: ArgumentHelp(
            "The copy's sequence. Default: FILE.sig's, else one more than the manifest's highest.", valueName: "n"))
    var copySequence: Int64?
    package init() {}
    package var edit: FleetEdit { .addCopy(name: name, file: file, url: url, sequence: copySequence) }
}

/// `behave fleet point MANIFEST CHANNEL COPY`.
package struct FleetPointCommand: FleetEditCommand {
    package static let configuration = CommandConfiguration(
        commandName: "point",
        abstract:
            "Point a channel at a copy for everyone its rules do not select (creates the channel); `fallback` is the app's own copy."
    )
    @OptionGroup package var write: FleetWriteOptions
    @Argument var channel: String
    @Argument(help: "A copy's name, or fallback.") var copy: String
    package init() {}
    package var edit: FleetEdit { .point(channel: channel, copy: copy == "fallback" ? nil : copy) }
}

/// `behave fleet rollout MANIFEST CHANNEL COPY --percent P`.
package struct FleetRolloutCommand: FleetEditCommand {
    package static let configuration = CommandConfiguration(
        commandName: "rollout",
        abstract:
            "Start, widen or resume a rollout: PERCENT of the devices --when selects get COPY; raising it keeps those that have it."
    )
    @OptionGroup package var write: FleetWriteOptions
    @Argument var channel: String
    @Argument var copy: String
    @Option(help: ArgumentHelp("The share of devices, 0 to 100.", valueName: "percent")) var percent: Double
    @Option(
        help: ArgumentHelp(
            "A condition on the context: KEY=VALUE, or a JSON object of conditions (docs/fleet.md) (repeatable; all must hold).",
            valueName: "condition"))
    var when: [String] = []
    @Option(help: ArgumentHelp("The rule's name. Default: rollout-COPY.", valueName: "name")) var rule: String?
    package init() {}
    package func validate() throws {
        if !(percent >= 0 && percent <= 100) { throw ValidationError("--percent expects 0 to 100, got \(percent)") }
    }
    package var edit: FleetEdit { .rollout(channel: channel, copy: copy, percent: percent, when: when, rule: rule) }
}

/// `behave fleet pause MANIFEST CHANNEL RULE`.
package struct FleetPauseCommand: FleetEditCommand {
    package static let configuration = CommandConfiguration(
        commandName: "pause", abstract: "Pause a rollout: devices that have its copy keep it, no other device gets it.")
    @OptionGroup package var write: FleetWriteOptions
    @Argument var channel: String
    @Argument var rule: String
    package init() {}
    package var edit: FleetEdit { .pause(channel: channel, rule: rule) }
}

/// `behave fleet kill MANIFEST COPY`.
package struct FleetKillCommand: FleetEditCommand {
    package static let configuration = CommandConfiguration(
        commandName: "kill",
        abstract:
            "Kill a copy: every device drops back to the copy before it, or the app's fallback, at its next manifest fetch."
    )
    @OptionGroup package var write: FleetWriteOptions
    @Argument var copy: String
    package init() {}
    package var edit: FleetEdit { .kill(copy: copy) }
}

/// `behave fleet rollback MANIFEST CHANNEL`.
package struct FleetRollbackCommand: FleetEditCommand {
    package static let configuration = CommandConfiguration(
        commandName: "rollback",
        abstract:
            "Put a channel back as it was before its last change, in a manifest with a higher sequence (an older one cannot be replayed)."
    )
    @OptionGroup package var write: FleetWriteOptions
    @Argument var channel: String
    package init() {}
    package var edit: FleetEdit { .rollback(channel: channel) }
}
