import Behave
import BehaveLua

/// Waits, calls or events per round of the scheduler rows.
let schedulerIterations = 200_000

/// ns per plain Lua function call, in a plain state (the scheduler rows' baseline).
func plainCall() throws -> Double {
    let lua = try LuaState()
    lua.openStandardLibraries()
    let loop = try lua.load(
        "local function f(x) return x end for i = 1, \(schedulerIterations) do f(i) end", chunkName: "=bench")
    return try nsPerCall(loop, calls: schedulerIterations)
}

/// A host on a virtual clock, its output discarded, its flight recorder on (the default) or off.
func quietHost(modules: [any BehaveModule] = [], recording: Bool = true) throws -> BehaveHost {
    let host = try BehaveHost(
        modules: modules, output: OutputSink(write: { _ in }, diagnostic: { _ in }), clock: VirtualClock())
    if !recording { host.recordingLimit = 0 }
    return host
}

/// ns per `wait(0)`: the task yields to the scheduler, which resumes it on its next step.
func waitRoundTrip() async throws -> Double {
    let host = try quietHost()
    let start = now()
    try await host.run(Behaviour(name: "wait.lua", source: "for i = 1, \(schedulerIterations) do wait(0) end"))
    return (now() - start) / Double(schedulerIterations) * 1e9
}

/// ns per event sent by the app through an EventChannel and handled by a Lua handler; with
/// `handled` false, the same events reach a behaviour with no handler (the events row's floor:
/// the channel, the batches and the delivery, with no task to run).
func eventDelivery(handled: Bool = true, recording: Bool = true) async throws -> Double {
    let host = try quietHost(recording: recording)
    let events = EventChannel()
    for i in 0..<schedulerIterations { events.send("E", .integer(Int64(i))) }
    events.finish()
    let start = now()
    let source = handled ? "n = 0 on('E', function(i) n = n + 1 end)" : "n = 0"
    let report = try await host.run(Behaviour(name: "events.lua", source: source), events: events)
    _ = report
    return (now() - start) / Double(schedulerIterations) * 1e9
}

/// ns per yield/resume round trip of a bare coroutine in plain Lua: the floor under `wait(0)`,
/// which is such a round trip plus the scheduler's own work.
func coroutineRoundTrip() throws -> Double {
    let lua = try LuaState()
    lua.openStandardLibraries()
    let loop = try lua.load(
        """
        local yield = coroutine.yield
        local co = coroutine.wrap(function() while true do yield() end end)
        for i = 1, \(schedulerIterations) do co() end
        """, chunkName: "=bench")
    return try nsPerCall(loop, calls: schedulerIterations)
}

/// What 1,000,000 events a second leaves each: 1 µs.
let eventBudget = 1000.0
