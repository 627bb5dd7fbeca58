import BehaveLua

/// The driver the runtime returns (`behave_runtime_new`): the functions the scheduler calls (its
/// protocol is at the top of `CBehave/runtime.c`; ``RuntimeStep`` reads what `step` returns).
struct RuntimeDriver {
    let start: LuaFunction
    let step: LuaFunction
    let resolve: LuaFunction
    let deliverAll: LuaFunction
    let setContext: LuaFunction
    let setTrace: LuaFunction
    let results: LuaFunction
    let testStop: LuaFunction

    init(_ table: LuaTable) throws {
        func function(_ name: String) throws -> LuaFunction {
            guard let function = table[name].function else {
                throw LuaError(kind: .runtime, message: "the runtime has no '\(name)'")
            }
            return function
        }
        start = try function("start")
        step = try function("step")
        resolve = try function("resolve")
        deliverAll = try function("deliverall")
        setContext = try function("setcontext")
        setTrace = try function("settrace")
        results = try function("results")
        testStop = try function("teststop")
    }
}
