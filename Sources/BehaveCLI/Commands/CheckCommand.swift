import ArgumentParser
import Behave

/// `behave check FILE…`: validates behaviours without running them.
struct CheckCommand: RemoteCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract:
            "Validate behaviours without running them: JSON shape, unknown modules and actions, argument types, Lua syntax.",
        discussion: """
            For a URL, the copy that would run is checked: a fresh copy that fails the check is refused and \
            the warning says why, then the last good copy (exit 10) or the fallback (exit 11) is checked instead.
            """
    )

    @Argument(help: "The behaviour files or https:// URLs.", completion: .file(extensions: ["lua", "json"]))
    var files: [String]

    @Flag(help: "Treat unknown modules and actions as errors (they are warnings otherwise).")
    var strict = false

    @OptionGroup var sandbox: SandboxOptions

    @OptionGroup(title: "Remote behaviours", visibility: BehaveTool.current.remoteHelpVisibility) var remote:
        RemoteOptions

    var needsRemoteTools: Bool { files.contains(where: Behaviour.isRemote) }

    func run(with tools: (any RemoteTools)?) async throws {
        let host = try sandbox.makeHost()
        var worst: Int32 = 0
        for file in files {
            let loaded: LoadedBehaviour
            do {
                loaded = try await LoadedBehaviour.load(
                    file, limit: sandbox.policy.limits.input, remote: remote, tools: tools
                ) {
                    host.check($0, strict: strict)
                }
            } catch {
                worst = max(worst, error.code.rawValue)
                continue
            }
            let behaviour = loaded.behaviour
            await loaded.afterRun?()
            let diagnostics = host.check(behaviour, strict: strict)
            for diagnostic in diagnostics { StandardError.write("\(diagnostic)\n") }
            if diagnostics.contains(where: { $0.severity == .error }) {
                worst = max(worst, BehaveExit.invalid)
            } else {
                print(
                    "\(file): ok\(diagnostics.isEmpty ? "" : " (\(diagnostics.count) warning\(diagnostics.count == 1 ? "" : "s"))")"
                )
                worst = max(worst, loaded.successCode)
            }
        }
        if worst != 0 { throw ExitCode(worst) }
    }
}
