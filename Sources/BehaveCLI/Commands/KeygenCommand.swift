import ArgumentParser
import Behave

/// `behave keygen NAME`: a new Ed25519 key pair for signing behaviours.
package struct KeygenCommand: RemoteOnlyCommand {
    /// In the help only of a tool that can fetch, sign and verify.
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "keygen",
            abstract: "Write a new Ed25519 key pair: NAME.key (private, mode 600) and NAME.pub (give it to the app).",
            shouldDisplay: BehaveTool.current.canFetch
        )
    }

    @Argument(help: ArgumentHelp("The files' path without extension.", valueName: "name"))
    package var name: String = BehaveTool.current.name

    @Flag(help: "Replace existing key files.")
    package var force = false

    package init() {}

    package func run(tools: any RemoteTools) throws { try tools.keygen(self) }
}
