import Behave
import BehaveLua
import BehavePlatform

/// The interactive loop: reads inputs (a line editor on a terminal), runs them in a
/// ``BehaveSession``, prints values and errors, and handles the `:` commands.
struct Repl {
    /// The `:` commands, as `:help` lists them.
    static let commands: [(usage: String, doc: String)] = [
        (":help", "this list"),
        (
            ":help NAME",
            "an action's signature and doc (Module.action), a module's actions, or a helper (wait, on, emit…)"
        ),
        (":modules", "the registered modules and their actions"),
        (":load FILE", "run a behaviour file (Lua or a JSON action list) into the session"),
        (":emit NAME [JSON]", "send an event, with an optional JSON payload, and run its handlers"),
        (":reset", "start over with a fresh state"),
        (":limits", "the sandbox's limits and the memory in use"),
        (":quit", "leave (as Ctrl-D does)"),
    ]

    static var commandSummary: String { commands.map(\.usage).joined(separator: ", ") }

    let session: BehaveSession
    let policy: SandboxPolicy
    private var history = History()
    private var editor: LineEditor?
    private let colourOut = Terminal.allowsColour(1)
    private let colourErr = Terminal.allowsColour(2)
    private var warnedAboutHistory = false

    init(session: BehaveSession, policy: SandboxPolicy) {
        self.session = session
        self.policy = policy
        session.colour = colourOut
        // On a dumb terminal the terminal's own line editing is used: no escape sequences.
        if Terminal.isTerminal(1), !Terminal.isDumb {
            var editor = LineEditor()
            editor.complete = { [session] text in Repl.complete(text, in: session) }
            self.editor = editor
        }
    }

    /// The banner's first words: `Behave 0.3.0`, or a team's tool's name and version, then Behave's.
    static func bannerName(_ tool: BehaveTool = .current) -> String {
        guard tool.name != "behave" else { return "Behave \(BehaveVersion.current)" }
        return "\(tool.name)\(tool.version.map { " " + $0 } ?? "") (Behave \(BehaveVersion.current))"
    }

    /// Runs the banner, then `preload` (`-i FILE`) as `:load` would, then the prompt loop.
    mutating func loop(preload: String? = nil) async {
        let names = session.host.registry.modules.map(\.name).joined(separator: ", ")
        Terminal.write(
            "\(Repl.bannerName()) (\(BehaveVersion.lua), \(policy.isTrusted ? "trusted" : "sandboxed")) · modules: \(names)\n"
                + ":help for commands, Ctrl-D to leave\n")
        if let preload { _ = await command(":load " + preload) }
        var pending = ""
        while true {
            let input = read(prompt: pending.isEmpty ? "> " : ">> ")
            switch input {
            case .end:
                return
            case .interrupted:
                pending = ""
                continue
            case .line(let line):
                var quiet = editor == nil ? nil : TerminalMode.quiet(0)
                defer { quiet?.restore() }
                if pending.isEmpty, line.first == ":" {
                    remember(line)
                    if await command(line) == .quit { return }
                    continue
                }
                pending = pending.isEmpty ? line : pending + "\n" + line
                let outcome = await session.evaluate(pending)
                if case .incomplete = outcome { continue }
                // A chunk typed over several lines is one entry: Up recalls all of it.
                remember(pending)
                pending = ""
                show(outcome)
            }
        }
    }

    private func read(prompt: String) -> LineEditor.Input {
        if let editor { return editor.read(prompt: prompt, history: history.entries) }
        Terminal.write(prompt)
        guard let line = readLine() else { return .end }
        return .line(line)
    }

    private mutating func remember(_ line: String) {
        if let failure = history.add(line), !warnedAboutHistory {
            warnedAboutHistory = true
            Terminal.write("\(BehaveTool.current.name): warning: history not saved: \(failure)\n", to: 2)
        }
    }

    private func show(_ outcome: BehaveSession.Outcome) {
        switch outcome {
        case .incomplete:
            complain("incomplete input")
        case .values(let text):
            if let text { Terminal.write(text + "\n") } else { Terminal.write("") }
        case .stopped(let reason):
            Terminal.write("stopped" + (reason.map { ": " + $0 } ?? "") + "\n")
        case .failed(let failure):
            show(failure)
        }
    }

    private func show(_ failure: BehaveError) {
        switch failure {
        case .invalid(let diagnostics):
            complain(diagnostics.map(\.description).joined(separator: "\n"))
        case .failed(let lua):
            complain(lua.message)
            if let traceback = lua.traceback, !traceback.isEmpty { Terminal.write(traceback + "\n", to: 2) }
        case .terminated(let lua):
            if lua.kind == .cancelled { Terminal.write("^C\n") }  // the terminal does not echo it while code runs
            complain(lua.kind == .cancelled ? "interrupted" : lua.message)
        case .unreadable, .tooLarge:
            complain(failure.description)
        }
    }

    private func complain(_ text: String) {
        Terminal.write(Terminal.paint(text, "31", enabled: colourErr) + "\n", to: 2)
    }

    // MARK: Commands

    enum CommandResult { case proceed, quit }

    private mutating func command(_ line: String) async -> CommandResult {
        let text = line.trimmingWhitespace()
        let name = String(text.prefix { !$0.isWhitespace })
        let argument = String(text.dropFirst(name.count)).trimmingWhitespace()
        switch name {
        case ":help", ":h", ":?":
            if argument.isEmpty {
                let width = Self.commands.map(\.usage.count).max() ?? 0
                let lines = Self.commands.map {
                    $0.usage + String(repeating: " ", count: width - $0.usage.count + 2) + $0.doc
                }
                Terminal.write(
                    lines.joined(separator: "\n") + "\n"
                        + "Helpers: wait after every on once emit wait_for stop now has context (:help NAME)\n")
            } else if let text = HelpTopics.text(for: argument, registry: session.host.registry) {
                Terminal.write(text + "\n")
            } else {
                complain("no help for '\(argument)': try :modules, or a helper such as wait")
            }
        case ":modules":
            Terminal.write(ModuleCatalog.text(session.host.registry.modules))
        case ":load":
            guard !argument.isEmpty else {
                complain("usage: :load FILE")
                return .proceed
            }
            let behaviour: Behaviour
            do { behaviour = try Behaviour.read(path: argument, limit: policy.limits.input) } catch {
                show(error)
                return .proceed
            }
            show(await session.load(behaviour))
        case ":emit":
            await emit(argument)
        case ":reset":
            do {
                try session.reset()
                Terminal.write("a fresh state: every global, timer and handler is gone\n")
            } catch { show(error) }
        case ":limits":
            Terminal.write(limitsText() + "\n")
        case ":quit", ":q", ":exit":
            return .quit
        default:
            complain("unknown command \(name): :help lists them")
        }
        return .proceed
    }

    private func emit(_ argument: String) async {
        let name = String(argument.prefix { !$0.isWhitespace })
        guard !name.isEmpty else {
            complain("usage: :emit NAME [JSON payload]")
            return
        }
        let json = String(argument.dropFirst(name.count)).trimmingWhitespace()
        var payload = PlainValue.null
        if !json.isEmpty {
            do { payload = PlainValue(try JSONParser.parse(Array(json.utf8))) } catch {
                complain("emit: the payload is not JSON: \(error)")
                return
            }
        }
        show(await session.emit(name, payload))
    }

    private func limitsText() -> String {
        let limits = policy.limits
        func bytes(_ n: Int) -> String { n == 0 ? "none" : LuaState.formatBytes(n) }
        func count(_ n: Int) -> String { n == 0 ? "none" : "\(n)" }
        func seconds(_ s: Double) -> String { s == 0 ? "none" : Limits.formatSeconds(s) }
        let used = session.host.lua.memoryInUse
        return [
            "memory        \(bytes(limits.memory)) (in use: \(used >> 10) KiB)",
            "instructions  \(count(limits.instructions)) per run slice",
            "time          \(seconds(limits.time)) per run slice",
            "output        \(bytes(limits.output)) (per input)",
            "depth         \(count(limits.depth)) nested calls",
            "duration      \(seconds(limits.duration)) (per input, waits included)",
        ].joined(separator: "\n")
    }

    /// Completion for the editor: `:` commands, names after `:help`, Lua names elsewhere.
    static func complete(_ text: String, in session: BehaveSession) -> SessionCompletion {
        guard text.first == ":", !text.contains(" ") else { return session.completions(for: text) }
        let names = Set(commands.map { String($0.usage.prefix { !$0.isWhitespace }) })
        return SessionCompletion(partial: text, candidates: names.filter { $0.hasPrefix(text) }.sorted())
    }
}
