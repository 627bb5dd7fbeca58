import BehaveLua
import CBehave
import CBehaveLua

/// Owns one Lua state, the registered modules and the sandbox limits, and runs behaviours.
///
/// Every ``run(_:strict:arguments:scriptName:events:timeline:)`` starts from a fresh state,
/// so nothing a behaviour does (changing a library table, leaving a coroutine, hitting a
/// limit) reaches the next run. A run is a set of tasks on the host's scheduler: the main
/// chunk, timers and event handlers; it ends when the behaviour calls `stop`, fails, or
/// nothing can happen any more.
///
/// ```swift
/// let host = try BehaveHost(modules: [MyFirstModule(), MySecondModule()])
/// try await host.run(Behaviour(name: "hello.lua", source: "MyFirstModule.sayHello()"))
/// ```
///
/// A host is confined: use it from one task at a time. ``cancellation`` and ``EventChannel``
/// may be used from anywhere. Used from a thread with less than 1 MiB of C stack left (Apple's
/// secondary threads), it runs Lua on a thread of its own with 8 MiB while the caller waits, so
/// module actions may run there.
public final class BehaveHost {
    /// The modules behaviours can call.
    public let registry: ModuleRegistry
    /// What behaviours may reach and use.
    public let policy: SandboxPolicy
    /// Where `print` and module output go.
    public let output: OutputSink
    /// Where time comes from (``SystemClock`` unless given).
    public let clock: any BehaveClock
    /// What the app tells behaviours about itself (platform, version, locale, flags): the
    /// script's read-only `context` table.
    public var context: [String: PlainValue] = [:]
    /// The command line before the script's name, the program's name first: the `arg` table holds
    /// them at negative indices, as the stock interpreter's does.
    public var interpreterArguments: [String] = []
    /// What the last run (or session input) used, also when it failed or a limit stopped it:
    /// what an app logs about a behaviour that hit a limit.
    public private(set) var lastRun = RunUsage()
    /// The state of the current (or last) run.
    public private(set) var lua: LuaState
    /// The table behaviours run in (their `_ENV`).
    public private(set) var environment: LuaTable
    private var runtime: RuntimeDriver
    private let searchPath: SearchPath
    private let starter = ActionStarter()
    private let tracer: Tracer
    private let cancelFlag = CancelFlag()
    /// Whether the current state has run nothing yet, so the next run may use it as is.
    private var stateIsFresh = true
    /// Instructions counted by the slices of the current run (the control block counts one slice).
    private var instructionsThisRun = 0
    /// When the current run's duration limit falls (`behave_now_ns`), for the watchdog to stop a
    /// slice that outlives it; 0 when there is none or the clock is not the system's.
    var runDeadline: Int64 = 0
    /// The first handler or timer failure of the current (or last) run, as reported: what a
    /// failed test says when its own code did not fail.
    var firstTaskFailure: String?
    /// Where slices run when the calling thread's stack is small; made on first use.
    private lazy var stackThread = StackThread()

    /// Creates a host. `output` defaults to the process's stdout and stderr, `clock` to real time.
    public init(
        modules: [any BehaveModule], policy: SandboxPolicy = SandboxPolicy(), output: OutputSink? = nil,
        clock: any BehaveClock = SystemClock()
    ) throws {
        self.registry = ModuleRegistry(modules)
        self.policy = policy
        self.clock = clock
        self.output =
            output
            ?? OutputSink(
                write: { Swift.print($0, terminator: "") },
                diagnostic: { StandardError.write($0 + "\n") },
                flush: { StandardOutput.flush() })
        self.output.limit = policy.limits.output
        let searchPath = SearchPath(policy.requireDirectories)
        self.searchPath = searchPath
        let tracer = Tracer(clock: clock)
        self.tracer = tracer
        (lua, environment, runtime) = try StateBuilder.make(
            registry: registry, policy: policy, output: self.output, clock: clock, starter: starter, tracer: tracer,
            searchPath: searchPath)
        lua.control.pointee.shared_cancel = cancelFlag.pointer
    }

    /// Called with each module action, event delivered and timer fired while set (`behave run
    /// --trace`): on the host's thread, except for a failed async action, which is reported from
    /// the thread it failed on. Nothing is recorded while it is nil.
    public var observer: (@Sendable (TraceEvent) -> Void)? {
        get { tracer.observer }
        set { tracer.observer = newValue }
    }

    /// The files `require` loaded during the last run, in order (what `behave run --watch`
    /// watches besides the behaviour).
    public var requiredFiles: [String] { searchPath.loaded }

    /// Adds a file the run loaded another way than `require` (a test's `run_behaviour`).
    func requiredFiles(adding path: String) { searchPath.loaded.append(path) }

    /// The runtime's `teststop`, which a test's run turns `stop()` into its own with.
    var runtimeStopHook: LuaFunction { runtime.testStop }

    /// A handle that cancels the running behaviour from any thread (Ctrl-C, a Swift `Task`).
    /// It stays valid across runs.
    public var cancellation: Cancellation { Cancellation(flag: cancelFlag) }

    /// Chooses the signal hosts with ``SandboxPolicy/Interruption/signal`` interrupt Lua code
    /// with (default SIGURG). Call it before any host runs: it returns false once the handler
    /// is installed for another signal.
    @discardableResult
    public static func usePreemptionSignal(_ signal: Int32) -> Bool {
        behave_set_preemption_signal(signal) == 0
    }

    /// Starts over with a fresh state (what a run does before each behaviour that follows
    /// another). `directories` replaces where `require` searches.
    public func reset(directories: [String]? = nil) throws {
        if let directories { searchPath.directories = directories }
        lua.close()
        let searchPath = self.searchPath
        (lua, environment, runtime) = try StateBuilder.make(
            registry: registry, policy: policy, output: output, clock: clock, starter: starter, tracer: tracer,
            searchPath: searchPath)
        lua.control.pointee.shared_cancel = cancelFlag.pointer
        stateIsFresh = true
    }

    /// Checks a behaviour without running it: JSON shape and names against the registry, or
    /// Lua syntax and the script's `Module.action` references (a missing action is a warning,
    /// an error when `strict`). Returns every diagnostic (warnings included).
    public func check(_ behaviour: Behaviour, strict: Bool = false) -> [Diagnostic] {
        switch behaviour.format {
        case .json:
            do {
                let list = try ActionList.parse(behaviour.bytes, file: behaviour.name)
                return ActionPlan(list, registry: registry, file: behaviour.name, strict: strict).diagnostics
            } catch { return [error] }
        case .lua:
            do {
                _ = try lua.load(Self.withoutShebang(behaviour.bytes), chunkName: "@" + behaviour.name)
                return unmetRequirements(of: behaviour) + missingActions(in: behaviour, strict: strict)
            } catch let error as LuaError {
                return [Diagnostic(error, file: behaviour.name, source: behaviour.bytes)]
            } catch { return [Diagnostic(.error, file: behaviour.name, at: nil, "\(error)")] }
        }
    }

    /// A script whose first line starts with `#` (`#!/usr/bin/env behave`) with that line made a
    /// comment, as the stock `lua` skips it; lines keep their numbers.
    static func withoutShebang(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.first == UInt8(ascii: "#") else { return bytes }
        return Array("-- ".utf8) + bytes.dropFirst()  // the space: `#[[` must not open a long comment
    }

    /// An error for each `-- requires:` of a Lua script that this app does not meet
    /// (``Requirements``): its modules, and `context.version`.
    func unmetRequirements(of behaviour: Behaviour) -> [Diagnostic] {
        var version: String?
        if case .string(let text)? = context["version"] { version = text }
        return Requirements(behaviour.bytes).unmet(file: behaviour.name, registry: registry, version: version)
    }

    /// A diagnostic for each `Module.action` of a Lua script that names no action of the module,
    /// and for each call of one whose literal arguments do not fit its parameters.
    private func missingActions(in behaviour: Behaviour, strict: Bool) -> [Diagnostic] {
        let modules = Dictionary(registry.modules.map { ($0.name, $0.actions) }, uniquingKeysWith: { a, _ in a })
        let severity: Diagnostic.Severity = strict ? .error : .warning
        return ActionReferences(behaviour.bytes, modules: Set(modules.keys)).references.compactMap { reference in
            let actions = modules[reference.module] ?? []
            guard let action = actions.first(where: { $0.name == reference.action }) else {
                var message = "\(reference.module) has no action '\(reference.action)'"
                if let suggestion = NameSuggestion.closest(to: reference.action, among: actions.map(\.name)) {
                    message += "; did you mean '\(suggestion)'?"
                }
                return Diagnostic(severity, file: behaviour.name, at: reference.position, message)
            }
            guard let call = reference.call, let (position, problem) = Self.check(call, against: action) else {
                return nil
            }
            return Diagnostic(
                severity, file: behaviour.name, at: position ?? reference.position,
                "\(reference.module).\(reference.action) \(problem)")
        }
    }

    /// Why a call's literal arguments do not fit `action`'s parameters, and where: a literal of
    /// the wrong type, more arguments than parameters, or a required one missing.
    private static func check(_ call: ActionReferences.Call, against action: Action) -> (SourcePosition?, String)? {
        let parameters = action.parameters
        let arguments = call.arguments
        let given = call.lastMayExpand ? arguments.count - 1 : arguments.count
        if given > parameters.count {
            let plural = parameters.count == 1 ? "" : "s"
            return (
                arguments[parameters.count].position,
                "takes \(parameters.count) argument\(plural), but \(arguments.count) were given"
            )
        }
        for (offset, parameter) in parameters.enumerated() {
            let name = parameter.label.map { " '\($0)'" } ?? ""
            guard offset < arguments.count else {
                if call.lastMayExpand { return nil }
                if case .optional = parameter.type { continue }
                return (nil, "is missing its \(parameter.type) argument #\(offset + 1)\(name)")
            }
            if let found = mismatch(arguments[offset].kind, parameter.type) {
                return (
                    arguments[offset].position,
                    "argument #\(offset + 1)\(name): expected \(parameter.type), found \(found)"
                )
            }
        }
        return nil
    }

    /// What a literal is, when it cannot become `type`; nil when it can or cannot be told.
    private static func mismatch(_ kind: ActionReferences.Argument.Kind, _ type: ValueType) -> String? {
        switch (type, kind) {
        case (_, .unknown), (.any, _), (.optional, .nil): return nil
        case (.optional(let wrapped), _): return mismatch(kind, wrapped)
        case (.string, .string), (.integer, .integer), (.number, .integer), (.number, .float), (.boolean, .boolean),
            (.array, .table), (.map, .table):
            return nil
        default:
            switch kind {
            case .string: return "a string"
            case .integer: return "an integer"
            case .float: return type == .integer ? "a number with a fraction" : "a number"
            case .boolean: return "a boolean"
            case .nil: return "nil"
            case .table: return "a table"
            case .unknown: return nil
            }
        }
    }

    /// The Lua script a JSON action list runs as (``ActionListTranslator``), after its checks.
    public func translate(
        _ behaviour: Behaviour, layout: ActionListTranslator.Layout = .readable,
        strict: Bool = false
    ) throws(BehaveError) -> (script: String, warnings: [Diagnostic]) {
        guard behaviour.format == .json else {
            throw .invalid([
                Diagnostic(
                    .error, file: behaviour.name, at: nil,
                    "is a Lua script, not a JSON action list: it runs as it is, with nothing to translate")
            ])
        }
        let list: ActionList
        do { list = try ActionList.parse(behaviour.bytes, file: behaviour.name) } catch { throw .invalid([error]) }
        let plan = ActionPlan(list, registry: registry, file: behaviour.name, strict: strict)
        if plan.hasErrors { throw .invalid(plan.diagnostics) }
        return (ActionListTranslator.lua(for: plan, file: behaviour.name, layout: layout), plan.diagnostics)
    }

    /// Runs a behaviour in a fresh state until it stops, fails, or nothing can happen any
    /// more. Warnings (skipped actions) go to the output's diagnostics before anything runs.
    ///
    /// - Parameters:
    ///   - arguments: reach the script as `...` and as the global `arg` (`arg[0]` is
    ///     `scriptName`, ``interpreterArguments`` below it), as the stock interpreter does.
    ///   - events: a channel the app sends events through; while it is open the behaviour
    ///     keeps waiting for them.
    ///   - timeline: events to deliver at set times (an events file), on the host's clock.
    @discardableResult
    nonisolated(nonsending) public func run(
        _ behaviour: Behaviour, strict: Bool = false, arguments: [String] = [],
        scriptName: String? = nil, events: EventChannel? = nil,
        timeline: [TimedEvent] = []
    ) async throws(BehaveError) -> RunReport {
        lastRun = RunUsage()
        searchPath.loaded = []
        let chunk = try prepare(behaviour, strict: strict, arguments: arguments, scriptName: scriptName)
        return try await schedule(
            chunk, arguments: arguments, events: events, timeline: timeline,
            origin: nil, pushingContext: true)
    }

    /// Runs `chunk` as the main task of a scheduler: to the end, or (a session's input, which
    /// has an `origin`) until the chunk itself has ended.
    nonisolated(nonsending) func schedule(
        _ chunk: LuaFunction, arguments: [any LuaPushable], events: EventChannel?,
        timeline: [TimedEvent], origin: Double?,
        pushingContext: Bool
    ) async throws(BehaveError) -> RunReport {
        let scheduler = Scheduler(host: self, runtime: runtime, clock: clock)
        starter.scheduler = scheduler
        defer { starter.scheduler = nil }
        output.reset()
        firstTaskFailure = nil
        let started = clock.now
        tracer.origin = started
        clearCancellation()
        _ = try slice { try runtime.setTrace.call(tracer.observer != nil) }
        instructionsThisRun = 0
        defer {
            lastRun = RunUsage(
                instructions: instructionsThisRun, peakMemory: lua.peakMemory,
                bytesWritten: output.bytesWritten, duration: clock.now - started)
        }
        if pushingContext { try pushContext() }
        let finish = try await scheduler.run(
            main: chunk, arguments: arguments, events: events, timeline: timeline,
            origin: origin, untilMainEnds: origin != nil)
        let results = (try? slice { try runtime.results.call() }) ?? []
        return RunReport(
            results: results, finish: finish, failedTasks: scheduler.failedTasks,
            instructions: instructionsThisRun, peakMemory: lua.peakMemory,
            bytesWritten: output.bytesWritten, duration: clock.now - started)
    }

    /// Makes the current state a session's: fresh, with the context set, and returns the
    /// instant the session's `now()` counts from. See ``BehaveSession``.
    func beginSession(directories: [String]) throws(BehaveError) -> Double {
        searchPath.directories = policy.requireDirectories.isEmpty ? directories : policy.requireDirectories
        try takeFreshState()
        clearCancellation()
        try pushContext()
        return clock.now
    }

    /// Lets `require` also search `directory` (a session's `:load` of a file elsewhere), unless
    /// the policy names the directories itself.
    func allowRequire(from directory: String) {
        guard policy.requireDirectories.isEmpty, !searchPath.directories.contains(directory) else { return }
        searchPath.directories.append(directory)
    }

    /// Runs one input of a session (a main chunk of the current state) as a task on the
    /// scheduler, until it ends; the timers and handlers it made stay for later inputs.
    nonisolated(nonsending) func runInput(
        _ chunk: LuaFunction, arguments: [any LuaPushable] = [],
        origin: Double
    ) async throws(BehaveError) -> RunReport {
        setEnvironment(of: chunk)
        return try await schedule(
            chunk, arguments: arguments, events: nil, timeline: [], origin: origin,
            pushingContext: false)
    }

    /// The state a run or session starts in: the current one if nothing has run in it yet.
    private func takeFreshState() throws(BehaveError) {
        if !stateIsFresh {
            do { try reset() } catch {
                throw .failed(LuaError(kind: .memory, message: "cannot create the Lua state"))
            }
        }
        stateIsFresh = false
    }

    /// The Lua a behaviour runs as: a script's own bytes, or the script an action list
    /// translates to (its warnings go to the diagnostics).
    func luaSource(of behaviour: Behaviour, strict: Bool = false) throws(BehaveError) -> [UInt8] {
        switch behaviour.format {
        case .json:
            let (script, warnings) = try translate(behaviour, layout: .lineAligned, strict: strict)
            for warning in warnings { output.diagnostic(warning.description) }
            return Array(script.utf8)
        case .lua:
            let unmet = unmetRequirements(of: behaviour)
            if !unmet.isEmpty { throw .invalid(unmet) }
            return Self.withoutShebang(behaviour.bytes)
        }
    }

    /// `source` compiled in the current state as the behaviour's main chunk; a syntax error
    /// comes back as the behaviour's diagnostic.
    func loadChunk(of behaviour: Behaviour, source: [UInt8]) throws(BehaveError) -> LuaFunction {
        do {
            return try lua.load(source, chunkName: "@" + behaviour.name)
        } catch let error as LuaError {
            throw .invalid([Diagnostic(error, file: behaviour.name, source: source)])
        } catch { throw .failed(LuaError(kind: .runtime, message: "\(error)")) }
    }

    /// Loads a behaviour into a fresh state, ready to run.
    func prepare(
        _ behaviour: Behaviour, strict: Bool, arguments: [String],
        scriptName: String?
    ) throws(BehaveError) -> LuaFunction {
        let source = try luaSource(of: behaviour, strict: strict)
        var directories = policy.requireDirectories
        if directories.isEmpty, let directory = behaviour.directory { directories = [directory] }
        searchPath.directories = directories
        try takeFreshState()
        let chunk = try loadChunk(of: behaviour, source: source)
        setEnvironment(of: chunk)
        // Set entry by entry: a [Int: String] would cost the start-up a conformance lookup.
        if let table = try? LuaTable(in: lua) {
            try? table.set(0, scriptName ?? behaviour.name)
            for (offset, word) in interpreterArguments.reversed().enumerated() { try? table.set(-offset - 1, word) }
            for (offset, argument) in arguments.enumerated() { try? table.set(offset + 1, argument) }
            if policy.isTrusted { try? lua.setGlobal("arg", table) } else { try? environment.set("arg", table) }
        }
        return chunk
    }

    private func pushContext() throws(BehaveError) {
        let context = PlainValue.object(self.context)
        _ = try slice { try runtime.setContext.call(context) }
    }

    /// Calls a function of the current state directly (no scheduler: it cannot wait or call
    /// async actions), with the run-slice limits armed.
    public func call(_ function: LuaFunction, _ arguments: [any LuaPushable] = []) throws(BehaveError) -> RunReport {
        stateIsFresh = false
        setEnvironment(of: function)
        clearCancellation()
        instructionsThisRun = 0
        let results = try slice { try function.call(arguments: arguments) }
        return RunReport(
            results: results, finish: .completed(waiting: 0), failedTasks: 0,
            instructions: instructionsThisRun, peakMemory: lua.peakMemory,
            bytesWritten: output.bytesWritten, duration: 0)
    }

    /// One run slice: `body` enters Lua with the per-slice limits armed; errors come out as
    /// the host reports them.
    /// `limits` replaces the policy's per-slice limits (the REPL's printer runs on less).
    /// On a thread with a small C stack it runs on the host's ``StackThread``.
    @discardableResult
    func slice(limits: Limits? = nil, _ body: () throws -> [LuaValue]) throws(BehaveError) -> [LuaValue] {
        if StackThread.callerNeedsIt {
            return try stackThread.run { () throws(BehaveError) in try sliceHere(limits: limits, body) }
        }
        return try sliceHere(limits: limits, body)
    }

    private func sliceHere(limits: Limits?, _ body: () throws -> [LuaValue]) throws(BehaveError) -> [LuaValue] {
        let limits = limits ?? policy.limits
        armLimits(limits)
        var saved = behave_slice_saved()
        let control = lua.control
        // The runtime may start further slices inside this entry (behave_next_slice): a batch of events.
        let savedLength = control.pointee.slice_ns
        let savedCarried = control.pointee.instructions_carried
        control.pointee.slice_ns = Self.nanoseconds(limits.time)
        control.pointee.instructions_carried = 0
        behave_enter_slice(control, lua.pointer, Self.deadline(after: limits.time), runDeadline, &saved)
        defer {
            behave_leave_slice(control, &saved)
            // A polling hook counts too, but the report promises a count only with a limit.
            if policy.limits.instructions > 0 || policy.limits.depth > 0 {
                instructionsThisRun += Int(control.pointee.instructions + control.pointee.instructions_carried)
            }
            control.pointee.slice_ns = savedLength
            control.pointee.instructions_carried = savedCarried
            disarmLimits()
        }
        do {
            return try body()
        } catch var error as LuaError {
            error.traceback = error.traceback.map(ScriptTraceback.clean)
            switch error.kind {
            case .limit, .cancelled: throw .terminated(reported(error, limits: limits))
            default: throw .failed(error)
            }
        } catch {
            throw failure(swiftError: error, traceback: nil)
        }
    }

    /// `seconds` from now on the monotonic clock, as the control block keeps deadlines; 0 for
    /// none. Capped at a year, which no slice outlives.
    static func deadline(after seconds: Double) -> Int64 {
        guard seconds > 0 else { return 0 }
        return behave_now_ns() + nanoseconds(seconds)
    }

    /// A limit of `seconds` in nanoseconds, capped at a year; 0 for none.
    static func nanoseconds(_ seconds: Double) -> Int64 {
        seconds > 0 ? Int64(min(seconds, 365 * 86_400) * 1e9) : 0
    }

    /// A termination as the host reports it: the limit, its value, and where the script was
    /// (`limit exceeded: time (2 s) at hang.lua:3`).
    func reported(_ error: LuaError, limits: Limits? = nil) -> LuaError {
        let limits = limits ?? policy.limits
        var error = error
        switch error.kind {
        case .limit(.memory): error.message = "limit exceeded: memory (\(LuaState.formatBytes(limits.memory)))"
        case .limit(.instructions): error.message = "limit exceeded: instructions (\(limits.instructions))"
        case .limit(.time): error.message = "limit exceeded: time (\(Limits.formatSeconds(limits.time)))"
        case .limit(.output): error.message = "limit exceeded: output (\(LuaState.formatBytes(limits.output)))"
        case .limit(.depth): error.message = "limit exceeded: depth (\(limits.depth) frames)"
        case .limit(.duration):
            error.message = "limit exceeded: duration (\(Limits.formatSeconds(limits.duration)))"
        default: error.message = "cancelled"
        }
        if let traceback = stoppedAt ?? error.traceback, let position = ScriptTraceback.position(in: traceback) {
            error.message += " at \(position)"
        }
        return error
    }

    /// The error for a task that failed with `value` (an error value from Lua); its
    /// traceback keeps script frames only, as every error the host reports does.
    func failure(_ value: LuaValue, traceback: String?) -> BehaveError {
        let error = lua.error(from: value, traceback: traceback.map(ScriptTraceback.clean))
        if let lua = error as? LuaError {
            switch lua.kind {
            case .limit, .cancelled: return .terminated(reported(lua))
            default: return .failed(lua)
            }
        }
        return failure(swiftError: error, traceback: traceback)
    }

    /// A Swift error from an action, uncaught by the script: reported where it was raised.
    private func failure(swiftError error: any Error, traceback: String?) -> BehaveError {
        let position = lua.lastSwiftErrorPosition ?? ""
        return .failed(
            LuaError(
                kind: .runtime, message: position + "\(error)",
                traceback: traceback.map(ScriptTraceback.clean)))
    }

    /// Text for any Lua value, safe against hostile `__tostring`.
    func describe(_ value: LuaValue) -> String? {
        if case .nil = value { return nil }
        if let text = value.string { return text }
        return "\(lua.error(from: value, traceback: nil))"
    }

    func checkCancelled() throws(BehaveError) {
        if behave_flag_is_set(cancelFlag.pointer) != 0 {
            lua.control.pointee.terminated = Int32(BEHAVE_CANCELLED)
            throw .terminated(LuaError(kind: .cancelled, message: "cancelled"))
        }
    }

    /// The traceback of the coroutine the last termination stopped (coroutines.c), cleaned.
    private var stoppedAt: String? {
        let L = lua.pointer
        lua_getfield(L, behave_registryindex(), BEHAVE_REGISTRY_STOPPED_AT)
        defer { behave_pop(L, 1) }
        return lua.stack.value(at: -1).string.map(ScriptTraceback.clean)
    }

    private func clearCancellation() {
        let L = lua.pointer
        lua_pushnil(L)
        lua_setfield(L, behave_registryindex(), BEHAVE_REGISTRY_STOPPED_AT)
        lua.control.pointee.terminated = 0
        behave_clear_cancel(lua.control)
    }

    private func setEnvironment(of function: LuaFunction) {
        let L = lua.pointer
        function.push(to: lua.stack)
        if lua_getupvalue(L, -1, 1) != nil {  // a main chunk's first upvalue is _ENV
            behave_pop(L, 1)
            environment.push(to: lua.stack)
            _ = lua_setupvalue(L, -2, 1)
        }
        behave_pop(L, 1)
    }

    private func armLimits(_ limits: Limits) {
        let control = lua.control
        control.pointee.instructions = 0
        // The count hook enforces these; a state built without it has neither (StateBuilder).
        control.pointee.max_instructions = Int64(limits.instructions)
        control.pointee.max_depth = Int32(clamping: limits.depth)
    }

    private func disarmLimits() {
        lua.control.pointee.max_instructions = 0
        lua.control.pointee.max_depth = 0
    }
}
