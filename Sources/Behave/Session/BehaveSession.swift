import BehaveLua

/// An interactive session on a host: inputs run one after another in the same state, so
/// globals, timers and handlers one input makes are there for the next (what `behave repl`
/// drives). Each input runs as a task on the host's scheduler, so `wait()` and async actions
/// work in it; timers and handlers it leaves run whenever a later input runs or waits. The
/// session owns its host's state: nothing else runs on that host while the session is in use.
///
/// ```swift
/// let session = try BehaveSession(host: BehaveHost(modules: [MyFirstModule()]))
/// if case .values(let text?) = await session.evaluate("1 + 1") { print(text) }  // 2
/// ```
public final class BehaveSession {
    /// The host whose state the session uses.
    public let host: BehaveHost
    /// Whether values print with ANSI colours.
    public var colour = false
    /// The chunk name inputs get, so errors read `stdin:1:`.
    public var chunkName = "stdin"
    /// The ``BehaviourStore`` namespace a session's inputs use: one for every session.
    public static let storeIdentity = "session"
    private var origin: Double = 0
    /// The most instructions and seconds printing one input's values may take.
    static let printingInstructions = 10_000_000
    static let printingTime: Double = 2
    private var printer: LuaFunction?
    private let directory: String?

    /// What became of one input.
    public enum Outcome {
        /// The input is an incomplete chunk (a syntax error at `<eof>`): more lines are needed.
        case incomplete
        /// It ran; `text` is what it returned, formatted (nil when it returned nothing).
        case values(String?)
        /// It called `stop(reason)`.
        case stopped(String?)
        /// It did not compile (``BehaveError/invalid(_:)``), raised an error, or was stopped by
        /// a limit or a cancellation (``BehaveError/terminated(_:)``).
        case failed(BehaveError)
    }

    /// Starts a session on `host`'s current state, made fresh. `directory` is where `require`
    /// looks when the policy names no directories.
    public init(host: BehaveHost, directory: String? = nil) throws(BehaveError) {
        self.host = host
        self.directory = directory
        try start()
    }

    /// Forgets everything the inputs did: a fresh state, as at the start.
    public func reset() throws(BehaveError) { try start() }

    private func start() throws(BehaveError) {
        origin = try host.beginSession(directories: directory.map { [$0] } ?? [])
        let chunk: LuaFunction
        do { chunk = try host.lua.load(CompiledChunks.printer()) } catch {
            throw .failed(LuaError(kind: .runtime, message: "the value printer does not load: \(error)"))
        }
        let modules: LuaTable
        do { modules = try LuaTable(in: host.lua) } catch {
            throw .failed(LuaError(kind: .memory, message: "not enough memory for the session"))
        }
        for module in host.registry.modules {
            let table = host.environment[module.name]
            if case .table = table { try? modules.set(table, module.name) }
        }
        printer = try host.call(chunk, [modules as any LuaPushable] + ValuePrinter.settings).first?.function
    }

    /// Compiles and runs one input. Like the stock `lua` prompt, it tries `return <text>`
    /// first, so expressions print without `=`; `=expr` also works.
    nonisolated(nonsending) public func evaluate(_ text: String) async -> Outcome {
        let chunk: LuaFunction
        switch compile(text) {
        case .success(let compiled?): chunk = compiled
        case .success(nil): return .incomplete
        case .failure(let error): return .failed(error)
        }
        return await run(chunk)
    }

    /// Runs a behaviour file into the session (`:load`): a Lua script as one input, a JSON
    /// action list as the Lua it translates to. Globals it sets stay, and `require` finds the
    /// files beside it from then on (unless the policy names the `require` directories).
    nonisolated(nonsending) public func load(_ behaviour: Behaviour) async -> Outcome {
        if let directory = behaviour.directory { host.allowRequire(from: directory) }
        do {
            return await run(try host.loadChunk(of: behaviour, source: try host.luaSource(of: behaviour)))
        } catch { return .failed(error) }
    }

    /// Delivers an event to the session's handlers and waiters, and runs them (`:emit`).
    nonisolated(nonsending) public func emit(_ name: String, _ payload: PlainValue) async -> Outcome {
        let chunk: LuaFunction
        do { chunk = try host.lua.load("local name, payload = ...; emit(name, payload)", chunkName: "=emit") } catch {
            return .failed(.failed(LuaError(kind: .runtime, message: "\(error)")))
        }
        return await run(chunk, arguments: [name, payload])
    }

    /// The compiled input; nil when it is incomplete.
    private func compile(_ text: String) -> Result<LuaFunction?, BehaveError> {
        var code = text
        // An expression cut short (`{1,`) is incomplete as `return {1,` even though the bare
        // statement fails earlier; either way, more lines are wanted.
        var expressionIsIncomplete = false
        if code.hasPrefix("=") {
            code = "return " + code.dropFirst()
        } else {
            do { return .success(try host.lua.load("return " + code, chunkName: "=" + chunkName)) } catch {
                expressionIsIncomplete = (error as? LuaError)?.message.hasSuffix("<eof>") == true
            }
        }
        do {
            return .success(try host.lua.load(code, chunkName: "=" + chunkName))
        } catch let error as LuaError {
            if expressionIsIncomplete || error.message.hasSuffix("<eof>") { return .success(nil) }
            return .failure(.invalid([Diagnostic(error, file: chunkName, source: Array(code.utf8))]))
        } catch {
            return .failure(.failed(LuaError(kind: .runtime, message: "\(error)")))
        }
    }

    nonisolated(nonsending) private func run(_ chunk: LuaFunction, arguments: [any LuaPushable] = []) async -> Outcome {
        let report: RunReport
        let values: [LuaValue]
        do {
            (report, values) = try await host.runInput(chunk, arguments: arguments, origin: origin)
        } catch { return .failed(error) }
        if case .stopped(let reason) = report.finish { return .stopped(reason) }
        return .values(format(values))
    }

    /// The values as the REPL prints them; nil for none. Printing runs on a budget of its own
    /// (a hostile `__tostring` cannot hold the prompt for the whole slice limit); values it
    /// cannot print show as `tostring` would without metamethods.
    public func format(_ values: [LuaValue]) -> String? {
        guard !values.isEmpty, let printer else { return nil }
        let colour = self.colour
        var budget = host.policy.limits
        // The time budget always holds (the watchdog); an instruction budget only where the policy
        // counts instructions at all (a state without a count hook has nothing to count with).
        if budget.instructions > 0 { budget.instructions = min(budget.instructions, Self.printingInstructions) }
        budget.time = budget.time == 0 ? Self.printingTime : min(budget.time, Self.printingTime)
        let text = try? host.slice(limits: budget) {
            try printer.call(pushingArguments: { stack in
                guard stack.reserve(values.count + 2) else { return 0 }
                colour.push(to: stack)
                values.count.push(to: stack)
                for value in values { value.push(to: stack) }
                return Int32(values.count + 2)
            })
        }
        return text?.first?.string ?? values.map(\.description).joined(separator: "\t")
    }
}
