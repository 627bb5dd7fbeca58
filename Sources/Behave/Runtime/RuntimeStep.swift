import BehaveLua

/// What one call of the runtime's `step` reports (`runtime.c`, "THE RUNTIME PROTOCOL"): the
/// only place its results are read by position.
enum RuntimeStep {
    /// The main chunk failed with `error`.
    case failed(error: LuaValue, traceback: String?)
    /// The behaviour called `stop(reason)`.
    case stopped(reason: LuaValue)
    /// Tasks wait: the next timer is due at `nextTimer` (runtime seconds), `blocked` tasks wait
    /// for an event with no timeout, and `mainEnded` says whether the main chunk has returned.
    case running(nextTimer: Double?, blocked: Int, mainEnded: Bool)

    init(_ values: [LuaValue]) throws(BehaveError) {
        func value(_ index: Int) -> LuaValue { index < values.count ? values[index] : .nil }
        switch value(0).string {
        case "failed": self = .failed(error: value(1), traceback: value(2).string)
        case "stopped": self = .stopped(reason: value(1))
        case "running":
            self = .running(
                nextTimer: value(1).number, blocked: Int(value(2).integer ?? 0),
                mainEnded: value(3).boolean == true)
        default:
            throw .failed(LuaError(kind: .runtime, message: "the runtime's step returned \(value(0)), not a state"))
        }
    }
}
