import ArgumentParser
import Behave

/// `behave repl` (and bare `behave` on a terminal): a Lua prompt in the same sandbox, with the
/// same modules, as `behave run`.
struct ReplCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        let name = BehaveTool.current.name
        return CommandConfiguration(
            commandName: "repl",
            abstract:
                "Try modules and actions out at a Lua prompt, in the same sandbox and with the same modules as run.",
            discussion: """
                Expressions print their values (tables with sorted keys); an incomplete chunk continues on a \
                `>>` prompt. Each input runs as a task, so wait() and async actions work; timers and handlers \
                it leaves run whenever a later input runs or waits. Ctrl-C interrupts running code or clears \
                the line; Ctrl-D on an empty line leaves. Tab completes globals, module actions and fields.

                Commands: \(Repl.commandSummary)

                History is kept in $XDG_STATE_HOME/\(name)/history (else ~/.local/state/\(name)/history), \
                at most \(History.capacity) lines. Colour is used on a terminal unless NO_COLOR is set.

                When stdin is not a terminal, the script it carries is run with no prompts, as `behave run` \
                would run it (same exit codes): echo 'print(1)' | \(name) repl
                """ + BehaveTool.current.optionsHelp()
        )
    }

    @Option(
        name: .customLong("context"),
        help: ArgumentHelp("Adds KEY=VALUE to the `context` table (repeatable).", valueName: "key=value"))
    var contextEntries: [ContextEntry] = []

    @Option(
        name: .customShort("i"),
        help: ArgumentHelp(
            "Runs FILE in the session before the first prompt, as lua -i FILE does (piped: before stdin's script).",
            valueName: "file"),
        completion: .file(extensions: ["lua", "json"]))
    var preload: String?

    @OptionGroup var sandbox: SandboxOptions

    @OptionGroup(title: "Store") var storeOptions: StoreOptions

    func run() async throws {
        let host = try sandbox.makeHost(store: storeOptions.store)
        for entry in contextEntries { host.context[entry.key] = .string(entry.value) }
        Interrupts.route(to: host.cancellation)
        if !Terminal.isTerminal(0) {
            if let preload { try await runScript(after: preload, on: host) } else { try await runScript(on: host) }
            return
        }
        Interrupts.interruptEndsTool = false  // Ctrl-C cancels the line being run
        let session: BehaveSession
        do { session = try BehaveSession(host: host, directory: ".") } catch { throw BehaveExit.report(error) }
        var repl = Repl(session: session, policy: sandbox.policy)
        await repl.loop(preload: preload)
    }

    /// `-i FILE` with a piped script: FILE, then the script, in one session, so the script sees
    /// what FILE defined; the first that fails ends the run with `run`'s exit codes.
    private func runScript(after file: String, on host: BehaveHost) async throws {
        do throws(BehaveError) {
            let session = try BehaveSession(host: host, directory: ".")
            let limit = sandbox.policy.limits.input
            loop: for behaviour in [
                try Behaviour.read(path: file, limit: limit),
                try LoadedBehaviour.stdin(limit: limit),
            ] {
                switch await session.load(behaviour) {
                case .failed(let failure): throw failure
                case .stopped: break loop  // stop() ends the run, as it ends a behaviour
                case .values, .incomplete: continue
                }
            }
        } catch {
            throw BehaveExit.report(error)
        }
        try BehaveExit.flushOutput()
    }

    /// Runs what stdin carries as one behaviour named `stdin`.
    private func runScript(on host: BehaveHost) async throws {
        do {
            try await host.run(LoadedBehaviour.stdin(limit: sandbox.policy.limits.input))
        } catch {
            throw BehaveExit.report(error)
        }
        try BehaveExit.flushOutput()
    }
}
