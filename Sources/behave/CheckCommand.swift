import ArgumentParser
import Behave

/// `behave check FILE…`: validates behaviours without running them.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate behaviours without running them: JSON shape, unknown modules and actions, argument types, Lua syntax."
    )

    @Argument(help: "The behaviour files.")
    var files: [String]

    @Flag(help: "Treat unknown modules and actions as errors (they are warnings otherwise).")
    var strict = false

    @OptionGroup var sandbox: SandboxOptions

    func run() throws {
        let host: BehaveHost
        do { host = try BehaveHost(modules: sandbox.modules, policy: sandbox.policy) } catch {
            throw ExitCode(BehaveExit.scriptError)
        }
        var worst: Int32 = 0
        for file in files {
            let behaviour: Behaviour
            do { behaviour = try Behaviour.read(path: file) } catch {
                StandardError.write("behave: \(error)\n")
                worst = max(worst, BehaveExit.unreadable)
                continue
            }
            let diagnostics = host.check(behaviour, strict: strict)
            for diagnostic in diagnostics { StandardError.write("\(diagnostic)\n") }
            if diagnostics.contains(where: { $0.severity == .error }) {
                worst = max(worst, BehaveExit.invalid)
            } else {
                print("\(file): ok\(diagnostics.isEmpty ? "" : " (\(diagnostics.count) warning\(diagnostics.count == 1 ? "" : "s"))")")
            }
        }
        if worst != 0 { throw ExitCode(worst) }
    }
}
