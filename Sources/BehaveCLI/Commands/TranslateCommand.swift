import ArgumentParser
import Behave

/// `behave translate FILE.json`: prints the Lua script an action list runs as.
struct TranslateCommand: RemoteCommand {
    static let configuration = CommandConfiguration(
        commandName: "translate",
        abstract: "Print the Lua script equivalent to a JSON action list; it runs to the same output."
    )

    @Argument(help: "The JSON action list: a file or an https:// URL.", completion: .file(extensions: ["json"]))
    var file: String

    @Flag(help: "Unknown modules and actions are errors.")
    var strict = false

    @OptionGroup var sandbox: SandboxOptions

    @OptionGroup(title: "Remote behaviours", visibility: BehaveTool.current.remoteHelpVisibility) var remote:
        RemoteOptions

    var needsRemoteTools: Bool { Behaviour.isRemote(file) }

    func run(with tools: (any RemoteTools)?) async throws {
        let host = try sandbox.makeHost()
        let loaded: LoadedBehaviour
        do {
            loaded = try await LoadedBehaviour.load(
                file, limit: sandbox.policy.limits.input, remote: remote, tools: tools
            ) {
                host.check($0, strict: strict)
            }
        } catch { throw error.code }
        await loaded.afterRun?()
        do {
            let (script, warnings) = try host.translate(loaded.behaviour, layout: .readable, strict: strict)
            for warning in warnings { StandardError.write("\(warning)\n") }
            print(Self.named(script), terminator: "")
        } catch {
            throw BehaveExit.report(error)
        }
        if loaded.successCode != BehaveExit.success { throw ExitCode(loaded.successCode) }
    }

    /// The translation with the tool's name where the library writes `behave`'s, in its header.
    static func named(_ script: String, tool name: String = BehaveTool.current.name) -> String {
        guard name != "behave" else { return script }
        return script.replacing("`behave translate`", with: "`\(name) translate`", maxReplacements: 1)
            .replacing("`behave run`", with: "`\(name) run`", maxReplacements: 1)
    }
}
