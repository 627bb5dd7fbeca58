import ArgumentParser

/// A command that may fetch, sign or verify, and so may need ``RemoteTools``.
///
/// ``BehaveMain`` asks before running it: in `behave`, an invocation that needs the tools is handed
/// to `behave-remote` before it has done anything, so no output is printed twice.
package protocol RemoteCommand: AsyncParsableCommand {
    /// Whether this invocation, as parsed, needs the tools (a URL among its behaviours, say).
    var needsRemoteTools: Bool { get }
    /// Runs the command; `tools` is nil in `behave`, where ``needsRemoteTools`` was false.
    func run(with tools: (any RemoteTools)?) async throws
}

extension RemoteCommand {
    /// ArgumentParser's entry point, for a command run without the tools.
    package func run() async throws { try await run(with: nil) }
}
