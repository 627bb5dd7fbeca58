import BehaveLua

/// A module that stands in for a recorded one: each action answers from the recording, in the
/// order the run called them, and no module code runs.
struct ReplayModule: BehaveModule {
    let name: String
    let actions: [Action]

    let aliases: [String]

    /// One stand-in per module the recording names, each with the actions it names.
    static func modules(for recording: Recording, cursor: ReplayCursor) -> [ReplayModule] {
        recording.modules.map { module in
            ReplayModule(
                name: module.name,
                actions: module.actions.map { standIn($0, of: module.name + "." + $0.name, cursor: cursor) },
                aliases: module.aliases)
        }
    }

    private static func standIn(_ action: RecordedAction, of full: String, cursor: ReplayCursor) -> Action {
        // Any argument may be left out: an action list leaves out the optional ones, which the
        // recording does not mark, and a call's arguments are compared with the recorded ones.
        let parameters = action.labels.map { ActionParameter($0, .optional(.any)) }
        guard action.isAsync else {
            return Action(
                action.name, parameters: parameters,
                raw: { (_: ActionContext, stack: LuaStack) throws -> Int32 in
                    let arguments = Tracer.plain(stack, from: 1, count: stack.count)
                    let values = try ReplayStop.terminating {
                        try cursor.answer(full, arguments: arguments, async: false).values
                    }
                    try stack.state.makeRoom(values.count + 8)
                    for value in values { value.push(to: stack) }
                    return Int32(values.count)
                })
        }
        return Action(
            action.name, parameters: parameters,
            raw: { (_: ActionContext, stack: LuaStack) throws -> ActionWork in
                let arguments = Tracer.plain(stack, from: 1, count: stack.count)
                _ = try ReplayStop.terminating { try cursor.answer(full, arguments: arguments, async: true) }
                // No work starts: the answer is an entry of the recording, which the replay hands over.
                return .answeredByDriver
            })
    }
}
