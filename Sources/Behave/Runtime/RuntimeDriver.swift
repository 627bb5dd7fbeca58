import BehaveLua
import CBehaveRuntime

/// The host's side of the runtime's typed C API (`CBehaveRuntime.h`, which has the protocol):
/// each method is one entry point, run as a protected call, its report turned into Swift values.
struct RuntimeDriver {
    let lua: LuaState
    let runtime: OpaquePointer

    /// Makes the runtime in `lua` over the behaviour's environment, the sentinel and the host's
    /// functions.
    init(in lua: LuaState, environment: LuaTable, sentinel: LuaTable, host: LuaTable) throws {
        let base = lua.stack.count
        try lua.makeRoom(3)
        environment.push(to: lua.stack)
        sentinel.push(to: lua.stack)
        host.push(to: lua.stack)
        var runtime: OpaquePointer?
        try lua.enter(base: base) { behave_runtime_open($0, &runtime) }
        guard let runtime else { throw LuaError(kind: .runtime, message: "the runtime was not made") }
        self.lua = lua
        self.runtime = runtime
    }

    /// Makes `main` the main task, to run with `arguments`.
    func start(_ main: LuaFunction, arguments: [any LuaPushable]) throws {
        let base = lua.stack.count
        try lua.makeRoom(arguments.count + 1)
        main.push(to: lua.stack)
        for argument in arguments { argument.push(to: lua.stack) }
        try lua.enter(base: base) { behave_runtime_start($0, runtime, Int32(arguments.count + 1)) }
    }

    /// Runs the ready tasks and the timers due by `now`.
    func step(_ now: Double) throws -> RuntimeStep {
        let base = lua.stack.count
        var result = behave_step_result()
        try lua.enter(base: base) { behave_runtime_step($0, runtime, now, &result) }
        return try RuntimeStep(result, values: lua.take(above: base))
    }

    /// Resumes the task of async action `id` with what `push` pushes (`ok`, then the values),
    /// returning how many it pushed.
    func resolve(_ id: Int, pushing push: (LuaStack) -> Int32) throws {
        let base = lua.stack.count
        try lua.makeRoom(LuaStack.guaranteedRoom + 1)
        id.push(to: lua.stack)
        let count = push(lua.stack)
        try lua.enter(base: base) { behave_runtime_resolve($0, runtime, count + 1) }
    }

    /// Delivers the events of the table `push` pushes (`count` of them, name then payload),
    /// each followed by a step; returns how many it delivered and the last step.
    func deliver(
        count: Int, now: Double, untilMainEnds: Bool, pushing push: (LuaStack) -> Void
    ) throws -> (delivered: Int, step: RuntimeStep) {
        let base = lua.stack.count
        try lua.makeRoom(LuaStack.guaranteedRoom)
        push(lua.stack)
        var result = behave_step_result()
        try lua.enter(base: base) {
            behave_runtime_deliver($0, runtime, now, Int32(clamping: count), untilMainEnds ? 1 : 0, &result)
        }
        return (Int(result.delivered), try RuntimeStep(result, values: lua.take(above: base)))
    }

    /// The app's context, which scripts see read-only.
    func setContext(_ context: some LuaPushable) throws {
        let base = lua.stack.count
        try lua.makeRoom(1)
        context.push(to: lua.stack)
        try lua.enter(base: base) { behave_runtime_set_context($0, runtime) }
    }

    /// Whether the host's tracer hears of each event delivered and timer fired.
    func setTrace(_ on: Bool) { behave_runtime_set_trace(runtime, on ? 1 : 0) }

    /// Whether the host hears of each event the behaviour emits (an app listens).
    func setForwarding(_ on: Bool) { behave_runtime_set_forwarding(runtime, on ? 1 : 0) }

    /// Events delivered from outside that reached no handler and no waiter, so far.
    var unhandledEvents: Int { Int(behave_runtime_unhandled(runtime)) }

    /// What the main chunk returned.
    func results() throws -> [LuaValue] {
        let base = lua.stack.count
        try lua.enter(base: base) { behave_runtime_results($0, runtime) }
        return try lua.take(above: base)
    }

    /// The runtime's `teststop(hook)`, which a test file's helpers turn `stop()` into their own with.
    func testStop() throws -> LuaValue {
        let base = lua.stack.count
        try lua.enter(base: base) { behave_runtime_push_test_stop($0, runtime) }
        return try lua.take(above: base).first ?? .nil
    }

    /// The runtime's `setcontext(table)`, through which a test gives the behaviour it runs a context.
    func contextSetter() throws -> LuaValue {
        let base = lua.stack.count
        try lua.enter(base: base) { behave_runtime_push_context_setter($0, runtime) }
        return try lua.take(above: base).first ?? .nil
    }
}
