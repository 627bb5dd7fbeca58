import CLua
import Lua

/// Owns one Lua state, the registered modules and the sandbox limits, and runs behaviours.
///
/// Every ``run(_:)`` starts from a fresh state, so nothing a behaviour does (changing a
/// library table, leaving a coroutine, hitting a limit) reaches the next run.
///
/// ```swift
/// let host = try BehaveHost(modules: [MyFirstModule(), MySecondModule()])
/// try host.run(Behaviour(name: "hello.lua", source: "MyFirstModule.sayHello()"))
/// ```
///
/// A host is confined: use it from one thread at a time. ``cancellation`` may be used from any thread.
public final class BehaveHost {
    /// The modules behaviours can call.
    public let registry: ModuleRegistry
    /// What behaviours may reach and use.
    public let policy: SandboxPolicy
    /// Where `print` and module output go.
    public let output: OutputSink
    /// The state of the current (or last) run.
    public private(set) var lua: LuaState
    /// The table behaviours run in (their `_ENV`).
    public private(set) var environment: LuaTable
    private let searchPath: SearchPath
    private let cancelFlag = CancelFlag()
    /// Whether the current state has run nothing yet, so the next run may use it as is.
    private var stateIsFresh = true

    /// Creates a host. `output` defaults to the process's stdout and stderr.
    public init(modules: [any BehaveModule], policy: SandboxPolicy = SandboxPolicy(), output: OutputSink? = nil) throws {
        self.registry = ModuleRegistry(modules)
        self.policy = policy
        self.output = output ?? OutputSink(write: { Swift.print($0, terminator: "") },
                                           diagnostic: { StandardError.write($0 + "\n") })
        self.output.limit = policy.limits.output
        let searchPath = SearchPath(policy.moduleDirectories)
        self.searchPath = searchPath
        (lua, environment) = try BehaveHost.makeState(registry: registry, policy: policy, output: self.output,
                                                      directories: { searchPath.directories })
        lua.control.pointee.shared_cancel = cancelFlag.pointer
    }

    /// A handle that cancels the running behaviour from any thread (Ctrl-C, a Swift `Task`).
    /// It stays valid across runs.
    public var cancellation: Cancellation { Cancellation(flag: cancelFlag) }

    /// Starts over with a fresh state (what ``run(_:)`` does before each behaviour that
    /// follows another). `directories` replaces where `require` searches.
    public func reset(directories: [String]? = nil) throws {
        if let directories { searchPath.directories = directories }
        lua.close()
        let searchPath = self.searchPath
        (lua, environment) = try BehaveHost.makeState(registry: registry, policy: policy, output: output,
                                                      directories: { searchPath.directories })
        lua.control.pointee.shared_cancel = cancelFlag.pointer
        stateIsFresh = true
    }

    /// Checks a behaviour without running it: JSON shape and names against the registry, or
    /// Lua syntax. Returns every diagnostic (warnings included).
    public func check(_ behaviour: Behaviour, strict: Bool = false) -> [Diagnostic] {
        switch behaviour.format {
        case .json:
            do {
                let list = try ActionList.parse(behaviour.bytes, file: behaviour.name)
                return ActionPlan(list, registry: registry, file: behaviour.name, strict: strict).diagnostics
            } catch { return [error] }
        case .lua:
            do {
                _ = try lua.load(behaviour.bytes, chunkName: "@" + behaviour.name)
                return []
            } catch let error as LuaError {
                return [Diagnostic(error, file: behaviour.name)]
            } catch { return [Diagnostic(.error, file: behaviour.name, at: nil, "\(error)")] }
        }
    }

    /// The Lua script a JSON action list runs as (``ActionListTranslator``), after its checks.
    public func translate(_ behaviour: Behaviour, layout: ActionListTranslator.Layout = .readable,
                          strict: Bool = false) throws(BehaveError) -> (script: String, warnings: [Diagnostic]) {
        let list: ActionList
        do { list = try ActionList.parse(behaviour.bytes, file: behaviour.name) } catch { throw .invalid([error]) }
        let plan = ActionPlan(list, registry: registry, file: behaviour.name, strict: strict)
        if plan.hasErrors { throw .invalid(plan.diagnostics) }
        return (ActionListTranslator.lua(for: plan, file: behaviour.name, layout: layout), plan.diagnostics)
    }

    /// Runs a behaviour to completion in a fresh state. Warnings (skipped actions) go to the
    /// output's diagnostics before anything runs.
    ///
    /// `arguments` reach the script as `...`; in trusted mode also as the global `arg`
    /// (`arg[0]` is `scriptName`), as the stock interpreter does.
    @discardableResult
    public func run(_ behaviour: Behaviour, strict: Bool = false, arguments: [String] = [],
                    scriptName: String? = nil) throws(BehaveError) -> RunReport {
        let source: [UInt8]
        switch behaviour.format {
        case .json:
            let (script, warnings) = try translate(behaviour, layout: .lineAligned, strict: strict)
            for warning in warnings { output.diagnostic(warning.description) }
            source = Array(script.utf8)
        case .lua:
            source = behaviour.bytes
        }
        var directories = policy.moduleDirectories
        if directories.isEmpty, let directory = behaviour.directory { directories = [directory] }
        searchPath.directories = directories
        if !stateIsFresh {
            do { try reset() } catch {
                throw .failed(LuaError(kind: .memory, message: "cannot create the Lua state"))
            }
        }
        output.reset()
        let chunk: LuaFunction
        do {
            chunk = try lua.load(source, chunkName: "@" + behaviour.name)
        } catch let error as LuaError {
            throw .invalid([Diagnostic(error, file: behaviour.name)])
        } catch { throw .failed(LuaError(kind: .runtime, message: "\(error)")) }
        if policy.isTrusted {
            var table: [Int: String] = [0: scriptName ?? behaviour.name]
            for (offset, argument) in arguments.enumerated() { table[offset + 1] = argument }
            try? lua.setGlobal("arg", table)
        }
        return try call(chunk, arguments)
    }

    /// Calls a function of the current state with the run-slice limits armed.
    public func call(_ function: LuaFunction, _ arguments: [any LuaPushable] = []) throws(BehaveError) -> RunReport {
        stateIsFresh = false
        setEnvironment(of: function)
        armLimits()
        defer { disarmLimits() }
        do {
            let results = try function.call(arguments: arguments)
            return RunReport(results: results, instructions: Int(lua.control.pointee.instructions),
                             peakMemory: lua.peakMemory, bytesWritten: output.bytesWritten)
        } catch let error as LuaError {
            switch error.kind {
            case .limit, .cancelled: throw .terminated(error)
            default: throw .failed(error)
            }
        } catch {
            // A Swift error from an action, uncaught by the script: report it where it was raised.
            let position = lua.lastSwiftErrorPosition ?? ""
            throw .failed(LuaError(kind: .runtime, message: position + "\(error)"))
        }
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

    private func armLimits() {
        let control = lua.control
        let limits = policy.limits
        control.pointee.terminated = 0
        behave_clear_cancel(control)
        control.pointee.instructions = 0
        control.pointee.max_instructions = Int64(limits.instructions)
        control.pointee.deadline_ns = limits.time > 0 ? behave_now_ns() + Int64(limits.time * 1e9) : 0
        control.pointee.max_depth = Int32(clamping: limits.depth)
    }

    private func disarmLimits() {
        lua.control.pointee.max_instructions = 0
        lua.control.pointee.deadline_ns = 0
        lua.control.pointee.max_depth = 0
    }

    // MARK: Building a state

    private static let hookInterval: Int32 = 1000

    static func makeState(registry: ModuleRegistry, policy: SandboxPolicy, output: OutputSink,
                          directories: @escaping () -> [String]) throws -> (LuaState, LuaTable) {
        let lua = try LuaState()
        let L = lua.pointer
        if policy.isTrusted {
            lua.openStandardLibraries()
        } else {
            for (name, open) in [("_G", luaopen_base), ("coroutine", luaopen_coroutine), ("table", luaopen_table),
                                 ("string", luaopen_string), ("math", luaopen_math), ("utf8", luaopen_utf8),
                                 ("os", luaopen_os)] as [(String, lua_CFunction)] {
                luaL_requiref(L, name, open, 1)
                behave_pop(L, 1)
            }
        }
        let modules = try LuaTable(in: lua)
        let context = ActionContext(output: output)
        for module in registry.modules {
            let table = try LuaTable(in: lua)
            for action in module.actions {
                let body = action.body
                try table.set(action.name, lua.function(named: "\(module.name).\(action.name)") { stack in
                    try body(context, stack)
                })
            }
            try modules.set(module.name, table)
        }
        let host = try LuaTable(in: lua)
        try host.set("write", lua.function(named: "print") { stack in
            try output.write(String.read(from: stack, at: 1))
            return 0
        })
        try host.set("has", lua.function(named: "has") { stack in
            let module = try String.read(from: stack, at: 1)
            let action = try String.read(from: stack, at: 2)
            registry.has(module, action).push(to: stack)
            return 1
        })
        try host.set("findmodule", lua.function(named: "require") { stack in
            switch ModuleSearch.find(try String.read(from: stack, at: 1), in: directories()) {
            case .success(let found):
                LuaString(bytes: found.source).push(to: stack)
                found.path.push(to: stack)
            case .failure(let message):
                stack.pushNil()
                message.push(to: stack)
            }
            return 2
        })
        let environment: LuaTable
        if policy.isTrusted {
            for (name, table) in modules.pairs { try lua.setGlobal(name.string ?? "", table) }
            try lua.setGlobal("has", host["has"])
            environment = try LuaTable.read(from: lua.stack, at: pushGlobals(lua))
            lua.stack.pop()
        } else {
            for (name, library, function) in [("pcall", "_G", "pcall"), ("resume", "coroutine", "resume"),
                                              ("close", "coroutine", "close"), ("load", "_G", "load")] {
                pushField(lua, library, function)
                lua_pushcclosure(L, behave_guard_function(), 1)
                try host.set(name, lua.stack.value(at: -1))
                lua.stack.pop()
            }
            lua_pushcclosure(L, behave_xpcall_function(), 0)
            try host.set("xpcall", lua.stack.value(at: -1))
            lua_pushcclosure(L, behave_wrap_function(), 0)
            try host.set("wrap", lua.stack.value(at: -1))
            lua.stack.pop(2)
            let prelude = try lua.load(SandboxPrelude.source, chunkName: "=sandbox")
            let globals = try LuaTable.read(from: lua.stack, at: pushGlobals(lua))
            lua.stack.pop()
            guard let env = try prelude.call(globals, host, modules).first?.table else {
                throw LuaError(kind: .runtime, message: "the sandbox prelude returned no environment")
            }
            environment = env
            lua.control.pointee.sticky_memory = 1
            lua.memoryLimit = policy.limits.memory
        }
        if policy.limits != .unlimited || !policy.isTrusted {
            behave_install_hook(L, hookInterval)
            lua.control.pointee.hook_interval = hookInterval
        }
        if policy.isTrusted, policy.limits.memory > 0 { lua.memoryLimit = policy.limits.memory }
        return (lua, environment)
    }

    private static func pushGlobals(_ lua: LuaState) -> Int32 {
        lua_rawgeti(lua.pointer, behave_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        return -1
    }

    private static func pushField(_ lua: LuaState, _ library: String, _ name: String) {
        let L = lua.pointer
        lua_rawgeti(L, behave_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        if library != "_G" {
            lua_pushstring(L, library)
            lua_rawget(L, -2)
            lua_rotate(L, -2, 1)
            behave_pop(L, 1)
        }
        lua_pushstring(L, name)
        lua_rawget(L, -2)
        lua_rotate(L, -2, 1)
        behave_pop(L, 1)
    }
}

/// What a finished run reports.
public struct RunReport {
    /// What the main chunk returned.
    public var results: [LuaValue]
    /// VM instructions used (counted in steps of the hook interval).
    public var instructions: Int
    /// The most bytes the state held.
    public var peakMemory: Int
    /// Bytes written to the output.
    public var bytesWritten: Int
}

/// Cancels a running behaviour from any thread; the run ends with ``LuaError/Kind/cancelled``.
public struct Cancellation: @unchecked Sendable {
    // Holds the flag so it outlives any thread that still has the handle.
    private let flag: CancelFlag

    init(flag: CancelFlag) { self.flag = flag }

    /// Requests cancellation; the running behaviour stops within one hook interval.
    /// Async-signal-safe through ``flagPointer``.
    public func cancel() { behave_set_flag(flag.pointer) }

    /// The raw flag, for a signal handler (`behave_set_flag` is async-signal-safe).
    public var flagPointer: UnsafeMutablePointer<Int32> { flag.pointer }
}

/// One `int` that every state of a host checks in its hook.
final class CancelFlag: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Int32>
    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: 0)
    }
    deinit { pointer.deallocate() }
}

/// Where the sandbox's `require` searches; shared by the host and every state it makes, so a
/// run can change it without rebuilding the state.
final class SearchPath {
    var directories: [String]
    init(_ directories: [String]) { self.directories = directories }
}
