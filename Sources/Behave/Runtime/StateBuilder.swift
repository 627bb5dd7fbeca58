import BehaveLua
import CBehave
import CBehaveLua
import CBehaveRuntime

/// Builds the Lua state a host runs behaviours in: the libraries the policy allows, the
/// modules' actions, the host's helpers, the sandbox environment and the behaviour runtime.
enum StateBuilder {
    static let hookInterval: Int32 = 1000

    static func make(
        registry: ModuleRegistry, policy: SandboxPolicy, output: OutputSink, clock: any BehaveClock,
        starter: ActionStarter, tracer: Tracer, searchPath: SearchPath
    ) throws
        -> (LuaState, LuaTable, RuntimeDriver)
    {
        let lua = try LuaState()
        let L = lua.pointer
        // Everything made from here on stays alive: a collection would only trace it. What it
        // leaves (a few hundred bytes of names) goes in the state's first cycle.
        behave_set_collecting(L, 0)
        openLibraries(in: lua, trusted: policy.isTrusted)
        let sentinel = try LuaTable(in: lua)
        sentinel.push(to: lua.stack)
        lua_setfield(L, luashim_registryindex(), BEHAVE_REGISTRY_SENTINEL)

        let modules = try bindModules(
            registry, in: lua, context: ActionContext(output: output, clock: clock),
            starter: starter, tracer: tracer)
        modules.push(to: lua.stack)
        lua_setfield(L, luashim_registryindex(), BEHAVE_REGISTRY_MODULES)
        let host = try hostFunctions(
            in: lua, registry: registry, output: output, starter: starter, tracer: tracer,
            inputLimit: policy.limits.input, searchPath: searchPath)
        try addCoroutineClose(in: lua, host: host, trusted: policy.isTrusted)
        let environment = try makeEnvironment(in: lua, host: host, modules: modules, trusted: policy.isTrusted)
        let runtime = try RuntimeDriver(in: lua, environment: environment, sentinel: sentinel, host: host)
        behave_set_collecting(L, 1)
        applyLimits(to: lua, policy: policy)
        return (lua, environment, runtime)
    }

    /// The stock libraries (trusted), or the sandbox's subset of them; in both modes `string` and
    /// `table` get the versions that stop as they go.
    private static func openLibraries(in lua: LuaState, trusted: Bool) {
        let L = lua.pointer
        if trusted {
            lua.openStandardLibraries()
            behave_stock_warnings(L)
        } else {
            for (name, open) in [
                ("_G", luaopen_base), ("coroutine", luaopen_coroutine), ("table", luaopen_table),
                ("string", luaopen_string), ("math", luaopen_math), ("utf8", luaopen_utf8),
                ("os", luaopen_os),
            ] as [(String, lua_CFunction)] {
                luaL_requiref(L, name, open, 1)
                luashim_pop(L, 1)
            }
        }
        // Both modes: no library call may outrun the limits or Ctrl-C (libraries.c, patterns.c).
        lua_getglobal(L, "string")
        lua_getglobal(L, "table")
        behave_bound_libraries(L, -2, -1)
        luashim_pop(L, 2)
    }

    /// The host's `close` (coroutine.close that knows the running task); trusted, also the
    /// global `coroutine.close` and the stock coroutine functions the runtime wraps.
    private static func addCoroutineClose(in lua: LuaState, host: LuaTable, trusted: Bool) throws {
        let L = lua.pointer
        // Both modes: the runtime's scheduler (scheduler.c) and coroutine.close know which
        // coroutine runs (where a preemption hook must land), and close stops at the C stack's
        // floor (coroutines.c).
        pushField(lua, "coroutine", "close")
        lua_pushcclosure(L, behave_close, 1)
        let close = lua.stack.value(at: -1)
        lua.stack.pop()
        try host.set("close", close)
        guard trusted else { return }
        try (globals(lua)["coroutine"].table)?.set("close", close)
        let stock = try LuaTable(in: lua)
        for (name, function) in [
            ("main", behave_main_call), ("setmain", behave_set_main_task), ("running", behave_stock_running),
            ("isyieldable", behave_stock_isyieldable), ("yield", behave_stock_yield),
        ] as [(String, lua_CFunction)] {
            lua_pushcclosure(L, function, 0)
            try stock.set(name, lua.stack.value(at: -1))
            lua.stack.pop()
        }
        try host.set("stock", stock)
    }

    /// The table behaviours run in: trusted, the globals with the modules and `has` added; else the
    /// sandbox's environment, built over guarded `pcall`, `load` and `xpcall`.
    private static func makeEnvironment(
        in lua: LuaState, host: LuaTable, modules: LuaTable, trusted: Bool
    ) throws -> LuaTable {
        let L = lua.pointer
        if trusted {
            for (name, table) in modules.pairs { try lua.setGlobal(name.string ?? "", table) }
            try lua.setGlobal("has", host["has"])
            return try globals(lua)
        }
        for (name, library, function) in [("pcall", "_G", "pcall"), ("load", "_G", "load")] {
            pushField(lua, library, function)
            lua_pushcclosure(L, behave_guard, 1)
            try host.set(name, lua.stack.value(at: -1))
            lua.stack.pop()
        }
        lua_pushcclosure(L, behave_xpcall, 0)
        try host.set("xpcall", lua.stack.value(at: -1))
        lua.stack.pop()
        guard let env = try cFunction(behave_sandbox_new, in: lua).call(globals(lua), host, modules).first?.table
        else {
            throw LuaError(kind: .runtime, message: "the sandbox returned no environment")
        }
        return env
    }

    /// The memory cap, and the count hook where a limit needs counting or the policy forgoes signals.
    private static func applyLimits(to lua: LuaState, policy: SandboxPolicy) {
        if !policy.isTrusted {
            lua.control.pointee.sticky_memory = 1
            lua.memoryLimit = policy.limits.memory
        }
        // No hook unless a limit needs counting or the policy forgoes signals: the watchdog
        // stops everything else from outside the interpreter (watchdog.c).
        let polling = policy.interruption == .polling || behave_signal_interruption_works() == 0
        if policy.limits.instructions > 0 || policy.limits.depth > 0 || polling {
            behave_install_hook(lua.pointer, hookInterval)
            lua.control.pointee.hook_interval = hookInterval
        }
        lua.control.pointee.polling = polling ? 1 : 0
        if policy.isTrusted, policy.limits.memory > 0 { lua.memoryLimit = policy.limits.memory }
    }

    /// One table per module, each action a Lua function; async actions suspend their task. Built
    /// on the stack, with each table sized for its actions: a host pays this for every action of
    /// every module, each time it is made.
    private static func bindModules(
        _ registry: ModuleRegistry, in lua: LuaState, context: ActionContext,
        starter: ActionStarter, tracer: Tracer
    ) throws -> LuaTable {
        let L = lua.pointer
        guard lua_checkstack(L, 8) != 0 else { throw LuaError(kind: .memory, message: "not enough memory") }
        lua_createtable(L, 0, Int32(clamping: registry.modules.count))
        defer { lua.stack.pop() }
        guard !registry.modules.isEmpty else { return try LuaTable.read(from: lua.stack, at: -1) }
        let modulesIndex = lua_gettop(L)
        // One metatable for every module's table (refuseMissingActions); its __index comes last,
        // once every table's address is known.
        lua_createtable(L, 0, 1)
        let metatableIndex = lua_gettop(L)
        var modules: [UnsafeRawPointer: (name: String, actions: [String])] = [:]
        for module in registry.modules {
            // A module's actions may be computed: read once.
            let actions = module.actions
            module.name.push(to: lua.stack)
            lua_createtable(L, 0, Int32(clamping: actions.count))
            for action in actions {
                action.name.push(to: lua.stack)
                push(action, of: module.name, in: lua, context: context, starter: starter, tracer: tracer)
                lua_rawset(L, -3)
            }
            if let address = lua_topointer(L, -1) { modules[address] = (module.name, actions.map(\.name)) }
            lua_pushvalue(L, metatableIndex)
            lua_setmetatable(L, -2)
            lua_rawset(L, modulesIndex)
        }
        refuseMissingActions(of: modules, in: lua)
        lua_setfield(L, metatableIndex, "__index")
        luashim_pop(L, 1)
        return try LuaTable.read(from: lua.stack, at: -1)
    }

    /// Pushes `action` as a Lua function.
    private static func push(
        _ action: Action, of module: String, in lua: LuaState, context: ActionContext, starter: ActionStarter,
        tracer: Tracer
    ) {
        let name = "\(module).\(action.name)"
        switch action.body {
        case .immediate(let body):
            let action = action.name
            lua.pushFunction(named: name) { stack in
                guard tracer.observer != nil else { return try body(context, stack) }
                return try tracer.call(module, action, on: stack) { try body(context, $0) }
            }
        case .suspending(let start):
            let action = action.name
            lua.pushFunction(named: name, suspending: true) { stack in
                guard lua_isyieldable(stack.pointer) != 0 else {
                    throw LuaScriptError(
                        "\(name) is async and cannot be called here: call it from the "
                            + "behaviour itself, a handler or a timer (not from a metamethod, an iterator, "
                            + "a sort comparator or a string.gsub callback)")
                }
                guard let scheduler = starter.scheduler else {
                    throw LuaScriptError(
                        "\(name) is async: it needs the behaviour runtime (BehaveHost.run)")
                }
                guard tracer.observer != nil else {
                    return RuntimeRequest.pushAction(scheduler.start(try start(context, stack)), to: stack)
                }
                let arguments = Tracer.values(stack, from: 1, count: stack.count)
                let traced = tracer.work(try start(context, stack), module, action, arguments: arguments)
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
            guard let address = lua_topointer(stack.pointer, 1), let module = modules[address] else {
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
        starter: ActionStarter, tracer: Tracer, inputLimit: Int, searchPath: SearchPath
    ) throws -> LuaTable {
        let L = lua.pointer
        guard lua_checkstack(L, 4) != 0 else { throw LuaError(kind: .memory, message: "not enough memory") }
        lua_createtable(L, 0, 9)
        defer { lua.stack.pop() }
        // The runtime calls it for each event delivered and timer fired, while tracing is on.
        lua.pushFunction(named: "trace") { stack in
            switch try String.read(from: stack, at: 1) {
            case "event":
                tracer.report(
                    .event(
                        name: try String.read(from: stack, at: 2),
                        payload: Tracer.json(stack, at: 3)))
            default: tracer.report(.timer(try String.read(from: stack, at: 2)))
            }
            return 0
        }
        lua_setfield(L, -2, "trace")
        lua.pushFunction(named: "print") { stack in
            try output.write(String.read(from: stack, at: 1))
            return 0
        }
        lua_setfield(L, luashim_registryindex(), BEHAVE_REGISTRY_PRINT)
        lua_pushcclosure(L, behave_print, 0)
        lua_setfield(L, -2, "print")
        lua.pushFunction(named: "has") { stack in
            let module = try String.read(from: stack, at: 1)
            let action = try String.read(from: stack, at: 2)
            registry.has(module, action).push(to: stack)
            return 1
        }
        lua_setfield(L, -2, "has")
        lua.pushFunction(named: "require") { stack in
            let name = try String.read(from: stack, at: 1)
            switch RequireSearch.find(name, in: searchPath.directories, limit: inputLimit) {
            case .success(let found):
                searchPath.loaded.append(found.path)
                LuaString(bytes: found.source).push(to: stack)
                found.path.push(to: stack)
            case .failure(let message):
                stack.pushNil()
                message.push(to: stack)
            }
            return 2
        }
        lua_setfield(L, -2, "findmodule")
        // A handler or timer failed: the scheduler says so, and the behaviour goes on.
        lua.pushFunction(named: "report") { stack in
            starter.scheduler?.taskFailed(stack.value(at: 1), traceback: stack.value(at: 2).string)
            return 0
        }
        lua_setfield(L, -2, "report")
        return try LuaTable.read(from: lua.stack, at: -1)
    }

    /// `function` as a Lua function of `lua`, to call with arguments from Swift.
    private static func cFunction(_ function: lua_CFunction, in lua: LuaState) throws -> LuaFunction {
        lua_pushcclosure(lua.pointer, function, 0)
        defer { lua.stack.pop() }
        return try LuaFunction.read(from: lua.stack, at: -1)
    }

    private static func globals(_ lua: LuaState) throws -> LuaTable {
        lua_rawgeti(lua.pointer, luashim_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        defer { lua.stack.pop() }
        return try LuaTable.read(from: lua.stack, at: -1)
    }

    private static func pushField(_ lua: LuaState, _ library: String, _ name: String) {
        let L = lua.pointer
        lua_rawgeti(L, luashim_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        if library != "_G" {
            lua_pushstring(L, library)
            lua_rawget(L, -2)
            lua_rotate(L, -2, 1)
            luashim_pop(L, 1)
        }
        lua_pushstring(L, name)
        lua_rawget(L, -2)
        lua_rotate(L, -2, 1)
        luashim_pop(L, 1)
    }
}
