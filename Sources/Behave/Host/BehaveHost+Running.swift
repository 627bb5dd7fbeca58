import BehaveLua

/// Running a behaviour: a fresh state, its main chunk loaded with `arg` set, and the scheduler
/// driving its tasks to the end; and calling one function of the state directly.
extension BehaveHost {
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
        await enterGate()
        defer { leaveGate() }
        lastRun = RunUsage()
        searchPath.loaded = []
        let chunk = try prepare(behaviour, strict: strict, arguments: arguments, scriptName: scriptName)
        var (report, values) = try await schedule(
            chunk, arguments: arguments, events: events, timeline: timeline,
            origin: nil, pushingContext: true, behaviour: behaviour, behaviourArguments: arguments)
        report.results = try slice { RunResults(copying: values) }
        return report
    }

    /// Runs `chunk` as the main task of a scheduler: to the end, or (a session's input, which
    /// has an `origin`) until the chunk itself has ended. The report's results are left empty:
    /// the values the chunk returned come beside it, still in the state. `behaviour` (with the
    /// words it was given) is what the host's features hear runs (``RunStart``).
    nonisolated(nonsending) func schedule(
        _ chunk: LuaFunction, arguments: [any LuaPushable], events: EventChannel?,
        timeline: [TimedEvent], origin: Double?,
        pushingContext: Bool, behaviour: Behaviour? = nil, behaviourArguments: [String] = []
    ) async throws(BehaveError) -> (RunReport, [LuaValue]) {
        output.reset()
        firstTaskFailure = nil
        let started = clock.now
        tracer.begin(at: started)
        clearCancellation()
        runtime.setTrace(tracer.observer != nil)
        runtime.setForwarding(tracer.emitted.isListening)
        let unhandledBefore = runtime.unhandledEvents
        instructionsThisRun = 0
        defer {
            lastRun = RunUsage(
                instructions: instructionsThisRun, peakMemory: lua.peakMemory,
                bytesWritten: output.bytesWritten, duration: clock.now - started)
        }
        if pushingContext { try pushContext() }
        let watchers = try featureList.runBegins(
            RunStart(host: self, behaviour: behaviour, arguments: behaviourArguments, origin: origin ?? started))
        let scheduler = Scheduler(host: self, runtime: runtime, clock: clock, watchers: watchers)
        starter.scheduler = scheduler
        defer { starter.scheduler = nil }
        let finish: Finish
        do {
            finish = try await scheduler.run(
                main: chunk, arguments: arguments, events: events, timeline: timeline,
                origin: origin, untilMainEnds: origin != nil)
        } catch {
            watchers.runEnded(RunEnding(result: .failure(error), failedTasks: scheduler.failedTasks))
            throw error
        }
        watchers.runEnded(RunEnding(result: .success(finish), failedTasks: scheduler.failedTasks))
        let values = (try? slice { try runtime.results() }) ?? []
        let report = RunReport(
            results: RunResults([]), finish: finish, failedTasks: scheduler.failedTasks,
            unhandledEvents: runtime.unhandledEvents - unhandledBefore, firstUnhandledEvent: tracer.firstUnhandled,
            instructions: instructionsThisRun, peakMemory: lua.peakMemory,
            bytesWritten: output.bytesWritten, duration: clock.now - started)
        return (report, values)
    }

    /// The state a run or session starts in: the current one if nothing has run in it yet.
    func takeFreshState() throws(BehaveError) {
        if !stateIsFresh {
            do { try resetState() } catch {
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
        if behaviour.format == .lua { featureList.chunkLoaded(behaviour.name, path: behaviour.name, bytes: source) }
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
        // First: a feature forgets the last behaviour even when this one fails to load.
        featureList.behaviourBegins(identity: behaviour.identity)
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

    func pushContext() throws(BehaveError) {
        let context = PlainValue.object(self.context)
        try slice { try runtime.setContext(context) }
    }

    /// Calls a function of the current state directly (no scheduler: it cannot wait or call
    /// async actions), with the run-slice limits armed; returns what it returned.
    package func call(_ function: LuaFunction, _ arguments: [any LuaPushable] = []) throws(BehaveError) -> [LuaValue] {
        stateIsFresh = false
        setEnvironment(of: function)
        clearCancellation()
        instructionsThisRun = 0
        return try slice { try function.call(arguments: arguments) }
    }

    func setEnvironment(of function: LuaFunction) {
        function.replaceUpvalue(1, with: environment)  // a main chunk's first upvalue is _ENV
    }
}
