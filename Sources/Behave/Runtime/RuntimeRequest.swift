import BehaveLua
import CBehave

/// What a task yields to ask the runtime for something: the sentinel, a kind, its arguments
/// (`CBehaveRuntime.h`, "Requests"; `outcome.c` decodes them). The kinds' strings are defined
/// once, in `CBehave.h`. Swift makes only one request itself: an async action's task waits for
/// the action's result.
enum RuntimeRequest {
    /// Pushes `HOST, ACTION, id`: the task resumes when the scheduler resolves action `id`.
    /// Returns how many values it pushed.
    static func pushAction(_ id: Int, to stack: LuaStack) -> Int32 {
        stack.pushRegistryField(BEHAVE_REGISTRY_SENTINEL)
        BEHAVE_REQUEST_ACTION.push(to: stack)
        id.push(to: stack)
        return 3
    }
}
