import Behave
import BehaveDemos
import BehaveLua

/// Actions in the action list of the JSON rows, and calls in the Lua script it is compared with.
let actionCount = 100_000
let actionListSource =
    "[{\"name\": \"MyFirstModule\", \"actions\": ["
    + Array(repeating: "{\"func\": \"sayHello\"}", count: actionCount).joined(separator: ",\n") + "]}]"
let sameCallsSource = String(repeating: "MyFirstModule.sayHello()\n", count: actionCount)

/// A host with `MyFirstModule`, its output discarded.
func greeterHost() throws -> BehaveHost {
    try BehaveHost(modules: [MyFirstModule()], output: OutputSink(write: { _ in }, diagnostic: { _ in }))
}

/// Seconds `behaviour` runs on a fresh host once loaded: the host's own report starts the clock after
/// the action list is parsed, checked, translated and compiled (or the script compiled).
func runTime(_ behaviour: Behaviour) async throws -> Double {
    try await greeterHost().run(behaviour).duration
}

/// Seconds to parse, check and translate the action list: what the JSON path adds before running.
func actionListPreparation(_ behaviour: Behaviour) throws -> Double {
    let host = try greeterHost()
    let start = now()
    _ = try host.translate(behaviour, layout: .lineAligned)
    return now() - start
}

/// Seconds for Lua to compile the same calls.
func luaCompileTime(_ source: String) throws -> Double {
    let lua = try LuaState()
    let start = now()
    _ = try lua.load(source, chunkName: "=calls")
    return now() - start
}
