import BehaveLua
import CBehave
import CBehaveRuntime

/// Builds the Lua state a host runs behaviours in: the libraries the policy allows, the
/// modules' actions, the host's helpers, the sandbox environment and the behaviour runtime.
enum StateBuilder {
    static let hookInterval: Int32 = 1000

    static func make(
        registry: ModuleRegistry, policy: SandboxPolicy, output: OutputSink, clock: any BehaveClock,
        starter: ActionStarter, tracer: Tracer, readings: ClockReadings, searchPath: SearchPath,
        features: FeatureList
    ) throws
        -> (LuaState, LuaTable, RuntimeDriver)
    {
        let lua = try LuaState()
        // Everything made from here on stays alive: a collection would only trace it. What it
        // leaves (a few hundred bytes of names) goes in the state's first cycle.
        lua.setCollecting(false)
        // The stock libraries (trusted), or the sandbox's subset of them; in both modes `string`
        // and `table` get the versions that stop as they go.
        try lua.enter(base: lua.stack.count) { behave_runtime_open_libraries($0, policy.isTrusted ? 1 : 0) }
        let sentinel = try LuaTable(in: lua)
        sentinel.push(to: lua.stack)
        lua.stack.setRegistryField(BEHAVE_REGISTRY_SENTINEL)

        let modules = try bindModules(
            registry, in: lua, context: ActionContext(output: output, clock: clock, tracer: tracer),
            starter: starter, tracer: tracer)
        modules.push(to: lua.stack)
        lua.stack.setRegistryField(BEHAVE_REGISTRY_MODULES)
        let host = try hostFunctions(
            in: lua, registry: registry, output: output, starter: starter, tracer: tracer,
            inputLimit: policy.limits.input, searchPath: searchPath, features: features)
        try addCoroutineClose(in: lua, host: host, trusted: policy.isTrusted)
        // Before the sandbox copies os from the globals: both modes read the clock this way.
        try installReadings(in: lua, readings: readings)
        let environment = try makeEnvironment(in: lua, host: host, modules: modules, trusted: policy.isTrusted)
        let runtime = try RuntimeDriver(in: lua, environment: environment, sentinel: sentinel, host: host)
        lua.setCollecting(true)
        applyLimits(to: lua, policy: policy)
        // After the count hook: a feature's hook joins it, one hook for both.
        features.stateBuilt(lua)
        return (lua, environment, runtime)
    }

    /// The host's `close` (coroutine.close that knows the running task); trusted, also the
    /// global `coroutine.close` and the stock coroutine functions the runtime wraps.
    private static func addCoroutineClose(in lua: LuaState, host: LuaTable, trusted: Bool) throws {
        // Both modes: the runtime's scheduler (scheduler.c) and coroutine.close know which
        // coroutine runs (where a preemption hook must land), and close stops at the C stack's
        // floor (coroutines.c).
        let globals = try lua.globals()
        let close = try lua.function(behave_close, upvalues: [globals["coroutine"].table?["close"] ?? .nil])
        try host.set("close", close)
        guard trusted else { return }
        try (globals["coroutine"].table)?.set("close", close)
        let stock = try LuaTable(in: lua)
        for (name, function) in [
            ("main", behave_main_call), ("setmain", behave_set_main_task), ("running", behave_stock_running),
            ("isyieldable", behave_stock_isyieldable), ("yield", behave_stock_yield),
        ] as [(String, lua_CFunction)] {
            try stock.set(name, lua.function(function))
        }
        try host.set("stock", stock)
    }

    /// The table behaviours run in: trusted, the globals with the modules and `has` added; else the
    /// sandbox's environment, built over guarded `pcall`, `load` and `xpcall`.
    private static func makeEnvironment(
        in lua: LuaState, host: LuaTable, modules: LuaTable, trusted: Bool
    ) throws -> LuaTable {
        if trusted {
            for (name, table) in modules.pairs { try lua.setGlobal(name.string ?? "", table) }
            try lua.setGlobal("has", host["has"])
            return try lua.globals()
        }
        let globals = try lua.globals()
        for name in ["pcall", "load"] {
            try host.set(name, lua.function(behave_guard, upvalues: [globals[name]]))
        }
        try host.set("xpcall", lua.function(behave_xpcall))
        guard let env = try lua.function(behave_sandbox_new).call(globals, host, modules).first?.table
        else {
            throw LuaError(kind: .runtime, message: "the sandbox returned no environment")
        }
        return env
    }

    /// The memory cap, and the count hook where a limit needs counting or the policy forgoes signals.
    private static func applyLimits(to lua: LuaState, policy: SandboxPolicy) {
        if !policy.isTrusted {
            lua.control.terminateOnRefusedMemory()
            lua.memoryLimit = policy.limits.memory
        }
        // No hook unless a limit needs counting or the policy forgoes signals: the watchdog
        // stops everything else from outside the interpreter (watchdog.c).
        let polling = policy.interruption == .polling || behave_signal_interruption_works() == 0
        if policy.limits.instructions > 0 || policy.limits.depth > 0 || polling {
            lua.control.installCountHook(
                on: lua.pointer, interval: hookInterval, watchingCalls: policy.limits.depth > 0)
        }
        lua.control.setPolling(polling)
        if policy.isTrusted, policy.limits.memory > 0 { lua.memoryLimit = policy.limits.memory }
    }

    /// One table per module, each action a Lua function; async actions suspend their task. Built
    /// on the stack, with each table sized for its actions: a host pays this for every action of
    /// every module, each time it is made.
    private static func bindModules(
        _ registry: ModuleRegistry, in lua: LuaState, context: ActionContext,
        starter: ActionStarter, tracer: Tracer
    ) throws -> LuaTable {
        let stack = lua.stack
        try lua.makeRoom(8)
        stack.newTable(hashCount: registry.modules.count)
        defer { stack.pop() }
        guard !registry.modules.isEmpty else { return try LuaTable.read(from: stack, at: -1) }
        let modulesIndex = stack.count
        // One metatable for every module's table (refuseMissingActions); its __index comes last,
        // once every table's address is known.
        stack.newTable(hashCount: 1)
        let metatableIndex = stack.count
        var modules: [UnsafeRawPointer: (name: String, actions: [String])] = [:]
        for module in registry.modules {
            // A module's actions may be computed: read once.
            let actions = module.actions
            module.name.push(to: stack)
            stack.newTable(hashCount: actions.count)
            for action in actions {
                action.name.push(to: stack)
                push(action, of: module.name, in: lua, context: context, starter: starter, tracer: tracer)
                stack.rawSet(tableAt: -3)
            }
            if let address = stack.address(at: -1) { modules[address] = (module.name, actions.map(\.name)) }
            stack.pushValue(at: metatableIndex)
            stack.setMetatable(ofTableAt: -2)
            stack.rawSet(tableAt: modulesIndex)
        }
        refuseMissingActions(of: modules, in: lua)
        stack.rawSet(tableAt: metatableIndex, field: "__index")
        stack.pop()
        return try LuaTable.read(from: stack, at: -1)
    }

    /// Pushes `action` as a Lua function.
    private static func push(
        _ action: Action, of module: String, in lua: LuaState, context: ActionContext, starter: ActionStarter,
        tracer: Tracer
    ) {
        let name = "\(module).\(action.name)"
        switch action.body {
        case .immediate(let body):
            lua.pushFunction(named: name, tracer.watching(body, of: module, action.name, named: name, context: context))
        case .suspending(let start):
            let action = action.name
            lua.pushFunction(named: name, suspending: true) { stack in
                guard stack.isYieldable else {
                    throw LuaScriptError(
                        "\(name) is async and cannot be called here: call it from the "
                            + "behaviour itself, a handler or a timer (not from a metamethod, an iterator, "
                            + "a sort comparator or a string.gsub callback)")
                }
                guard let scheduler = starter.scheduler else {
                    throw LuaScriptError(
                        "\(name) is async: it needs the behaviour runtime (BehaveHost.run)")
                }
                guard tracer.isWatching else {
                    return RuntimeRequest.pushAction(scheduler.start(try start(context, stack)), to: stack)
                }
                tracer.recordStart(name, id: scheduler.upcomingActionID, on: stack)
                let arguments = tracer.observer != nil ? Tracer.values(stack, from: 1, count: stack.count) : []
                let work: ActionWork
                do { work = try start(context, stack) } catch {
                    tracer.recordThrow(error, by: name)
                    throw error
                }
                guard tracer.observer != nil else { return RuntimeRequest.pushAction(scheduler.start(work), to: stack) }
                let traced = tracer.work(work, module, action, arguments: arguments)
                return RuntimeRequest.pushAction(scheduler.start(traced), to: stack)
            }
        }
    }

    /// Pushes the `__index` of the metatable every module's table has: it raises `M has no action
    /// 'x'; did you mean 'y'?` at the caller's line, where a missing field would be nil and the
    /// call fail with "attempt to call a nil value". Actions are found by a raw lookup first, so
    /// they pay nothing for it; `has("M", "x")` asks without raising. One metatable and one
    /// function serve every module (the table's address tells which): each host carries them, so
    /// they cost per host.
    private static func refuseMissingActions(
        of modules: [UnsafeRawPointer: (name: String, actions: [String])], in lua: LuaState
    ) {
        lua.pushFunction(named: "(no such action)") { stack in
            let key = stack.value(at: 2)
            let name = key.string ?? "\(key)"
            guard let address = stack.address(at: 1), let module = modules[address] else {
                throw LuaScriptError("no such action '\(name.printable)'")
            }
            var message = "\(module.name) has no action '\(name.printable)'"
            if let suggestion = NameSuggestion.closest(to: name, among: module.actions) {
                message += "; did you mean '\(suggestion)'?"
            } else if !module.actions.isEmpty {
                message += " (its actions: \(module.actions.joined(separator: ", ")))"
            }
            throw LuaScriptError(message)
        }
    }

    /// The host's own functions the sandbox and the runtime build the behaviour's environment from.
    /// Built on the stack, with room for the fields `make` adds (close, and stock or the guarded
    /// pcall, load and xpcall).
    private static func hostFunctions(
        in lua: LuaState, registry: ModuleRegistry, output: OutputSink,
        starter: ActionStarter, tracer: Tracer, inputLimit: Int, searchPath: SearchPath, features: FeatureList
    ) throws -> LuaTable {
        let stack = lua.stack
        try lua.makeRoom(4)
        stack.newTable(hashCount: 9)
        defer { stack.pop() }
        // The runtime calls it for each event delivered and timer fired while tracing is on, each
        // event emitted while the app listens, and each event from outside that nothing wanted.
        lua.pushFunction(named: "trace") { stack in
            switch try String.read(from: stack, at: 1) {
            case "event":
                tracer.report(
                    .event(
                        name: try String.read(from: stack, at: 2),
                        payload: Tracer.json(stack, at: 3)))
            case "emit": tracer.forwardEmitted(name: try String.read(from: stack, at: 2), payload: stack.value(at: 3))
            case "unhandled": tracer.unhandled(try String.read(from: stack, at: 2))
            default: tracer.report(.timer(try String.read(from: stack, at: 2)))
            }
            return 0
        }
        stack.rawSet(tableAt: -2, field: "trace")
        lua.pushFunction(named: "print") { stack in
            try output.write(String.read(from: stack, at: 1))
            return 0
        }
        stack.setRegistryField(BEHAVE_REGISTRY_PRINT)
        stack.push(cFunction: behave_print)
        stack.rawSet(tableAt: -2, field: "print")
        lua.pushFunction(named: "has") { stack in
            let module = try String.read(from: stack, at: 1)
            let action = try String.read(from: stack, at: 2)
            registry.has(module, action).push(to: stack)
            return 1
        }
        stack.rawSet(tableAt: -2, field: "has")
        lua.pushFunction(named: "require") { stack in
            let name = try String.read(from: stack, at: 1)
            switch RequireSearch.find(name, in: searchPath.directories, limit: inputLimit) {
            case .success(let found):
                searchPath.loaded.append(found.path)
                features.chunkLoaded(found.path, path: found.path, bytes: found.source)
                LuaString(bytes: found.source).push(to: stack)
                found.path.push(to: stack)
            case .failure(let message):
                stack.pushNil()
                message.push(to: stack)
            }
            return 2
        }
        stack.rawSet(tableAt: -2, field: "findmodule")
        // A handler or timer failed: the scheduler says so, and the behaviour goes on.
        lua.pushFunction(named: "report") { stack in
            starter.scheduler?.taskFailed(stack.value(at: 1), traceback: stack.value(at: 2).string)
            return 0
        }
        stack.rawSet(tableAt: -2, field: "report")
        return try LuaTable.read(from: stack, at: -1)
    }
}
