import ArgumentParser
import Behave
import CLua
#if canImport(Glibc)
import Glibc
#endif

/// `behave run FILE`: runs a JSON action list or a Lua script.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a behaviour: a JSON action list or a Lua script (detected by extension, then content)."
    )

    @Argument(help: "The behaviour file.")
    var file: String

    @Argument(parsing: .captureForPassthrough, help: "Arguments for the script (as `arg` and `...`).")
    var scriptArguments: [String] = []

    @Flag(help: "Unknown modules and actions are errors, reported before anything runs.")
    var strict = false

    @OptionGroup var sandbox: SandboxOptions

    func run() throws {
        let behaviour: Behaviour
        do { behaviour = try Behaviour.read(path: file) } catch { throw BehaveExit.report(error) }
        let host: BehaveHost
        do { host = try BehaveHost(modules: sandbox.modules, policy: sandbox.policy) } catch {
            StandardError.write("behave: cannot create the host: \(error)\n")
            throw ExitCode(BehaveExit.scriptError)
        }
        Interrupts.route(to: host.cancellation)
        defer { StandardOutput.flush() }
        do {
            try host.run(behaviour, strict: strict, arguments: scriptArguments, scriptName: file)
        } catch {
            StandardOutput.flush()
            throw BehaveExit.report(error)
        }
    }
}

/// Flushing Swift's buffered stdout before writing to stderr or exiting.
enum StandardOutput {
    static func flush() { fflush(nil) }  // nil flushes every output stream, stdout included
}

/// Ctrl-C cancels the running behaviour through the sandbox's own mechanism.
enum Interrupts {
    nonisolated(unsafe) static var flag: UnsafeMutablePointer<Int32>?
    nonisolated(unsafe) static var handles: [Cancellation] = []

    static func route(to cancellation: Cancellation) {
        handles.append(cancellation)  // keeps the flag alive for the handler
        flag = cancellation.flagPointer
        signal(SIGINT) { _ in
            if let flag = Interrupts.flag { behave_set_flag(flag) }
        }
    }
}
