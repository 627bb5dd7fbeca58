import Behave
import CBaseline

/// A module whose one action echoes a string, as an app's action that formats or looks up text.
struct EchoModule: BehaveModule {
    let name = "Echo"
    var actions: [Action] { [Action("echo", "text") { (_, text: String) in text }] }
}

/// ns per call of `Echo.echo('hello')` from a behaviour run by a host, with the flight recorder on
/// (the default) or off.
func actionCall(recording: Bool) async throws -> Double {
    let host = try quietHost(modules: [EchoModule()], recording: recording)
    let source = "local echo = Echo.echo for i = 1, \(schedulerIterations) do echo('hello') end"
    let start = now()
    try await host.run(Behaviour(name: "calls.lua", source: source))
    return (now() - start) / Double(schedulerIterations) * 1e9
}

/// The flight recorder's cost on the rows it touches: events delivered and actions called.
func recorderRows() async throws -> [Row] {
    var eventsOn: [Double] = []
    var eventsOff: [Double] = []
    var callsOn: [Double] = []
    var callsOff: [Double] = []
    for _ in 0..<rounds {
        eventsOff.append(try await eventDelivery(recording: false))
        eventsOn.append(try await eventDelivery(recording: true))
        callsOff.append(try await actionCall(recording: false))
        callsOn.append(try await actionCall(recording: true))
    }
    return [
        Row(
            "event from the app to a Lua handler: flight recorder on (the default) vs off", behave: eventsOn,
            baseline: eventsOff, unit: "ns", target: 1.03),
        Row(
            "action call (String) -> String from a behaviour: flight recorder on (the default) vs off",
            behave: callsOn, baseline: callsOff, unit: "ns", target: 1.03),
        // The floor under the action-call row: what copying a result costs a call with none of
        // our code, a C function called from plain Lua.
        try callRow(
            "C (String) -> String with its result copied into a ring vs the same C function (the floor of any recorder that copies results)",
            target: nil, body: "f('hello')", register: registering(cbaseline_string_kept), baseline: cbaseline_string),
    ]
}
