import ArgumentParser
import Behave

/// `behave which MANIFEST --channel C`: which copy a fleet manifest selects for a device, and
/// which rule chose it.
package struct WhichCommand: RemoteCommand {
    /// In the help only of a tool that can fetch, sign and verify.
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "which",
            abstract: "Say which copy a fleet manifest selects for a device, and which rule chose it.",
            discussion: """
                MANIFEST is a file or an https:// URL (loaded as a run loads it: cache, signature, sequence). The \
                device is its --context (the tool's defaults too: platform, app, version, locale), its \
                --install-id and, for a paused rollout, the copy it ran last (--current).
                """,
            shouldDisplay: BehaveTool.current.canFetch
        )
    }

    @Argument(help: "The manifest: a file or an https:// URL.", completion: .file(extensions: ["json"]))
    package var manifest: String

    @Option(
        name: .customLong("context"),
        help: ArgumentHelp("A field of the device's context, KEY=VALUE (repeatable).", valueName: "key=value"))
    var contextEntries: [ContextEntry] = []

    @Option(
        help: ArgumentHelp(
            "The copy this device ran last from the channel: a paused rollout keeps it.", valueName: "copy"))
    package var current: String?

    @Flag(help: "Prints the answer as one JSON object.")
    package var json = false

    @OptionGroup(title: "Remote behaviours", visibility: BehaveTool.current.remoteHelpVisibility) package var remote:
        RemoteOptions

    package init() {}

    package var needsRemoteTools: Bool { true }

    package func validate() throws {
        if remote.fleet.channel == nil {
            throw ValidationError("which needs --channel: the channel the device follows")
        }
        if remote.fleet.installID == nil {
            throw ValidationError("which needs --install-id: the device's bucket in percentage rollouts")
        }
    }

    /// The device's context: the tool's defaults, then `--context`.
    package var context: [String: String] {
        var values = ContextEntry.strings(ContextEntry.defaults)
        for entry in contextEntries { values[entry.key] = entry.value }
        return values
    }

    package func run(with tools: (any RemoteTools)?) async throws {
        guard let tools else { RemoteHandOff.exec() }
        try await tools.which(self)
    }
}
