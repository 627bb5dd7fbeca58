import ArgumentParser
import Behave

/// `behave translate FILE.json`: prints the Lua script an action list runs as.
struct TranslateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "translate",
        abstract: "Print the Lua script equivalent to a JSON action list; it runs to the same output."
    )

    @Argument(help: "The JSON action list.")
    var file: String

    @Flag(help: "Unknown modules and actions are errors.")
    var strict = false

    @OptionGroup var sandbox: SandboxOptions

    func run() throws {
        do {
            let behaviour = try Behaviour.read(path: file)
            let host = try BehaveHost(modules: sandbox.modules, policy: sandbox.policy)
            let (script, warnings) = try host.translate(behaviour, layout: .readable, strict: strict)
            for warning in warnings { StandardError.write("\(warning)\n") }
            print(script, terminator: "")
        } catch let error as BehaveError {
            throw BehaveExit.report(error)
        }
    }
}
