import ArgumentParser

/// A command that always needs the tools (keygen, sign, verify): `behave` always hands it over.
package protocol RemoteOnlyCommand: RemoteCommand {
    /// Runs the command with the tools.
    func run(tools: any RemoteTools) throws
}

extension RemoteOnlyCommand {
    package var needsRemoteTools: Bool { true }

    package func run(with tools: (any RemoteTools)?) async throws {
        guard let tools else { RemoteHandOff.exec() }
        try run(tools: tools)
    }
}
