import ArgumentParser
import Behave

/// `behave keygen NAME`: a new Ed25519 key pair for signing behaviours.
package struct KeygenCommand: RemoteCommand {
    package static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Write a new Ed25519 key pair: NAME.key (private, mode 600) and NAME.pub (give it to the app)."
    )

    @Argument(help: "The files' path without extension.")
    package var name: String = "behave"

    @Flag(help: "Replace existing key files.")
    package var force = false

    package init() {}

    package var needsRemoteTools: Bool { true }

    package func run(with tools: (any RemoteTools)?) async throws {
        guard let tools else { RemoteHandOff.exec() }
        try tools.keygen(self)
    }
}
