import BehaveLua
import CBehaveRuntime

/// How a run stands after a step of the runtime (`behave_step_result` in `CBehaveRuntime.h`).
enum RuntimeStep {
    /// The main chunk failed with `error`.
    case failed(error: LuaValue, traceback: String?)
    /// The behaviour called `stop(reason)`.
    case stopped(reason: LuaValue)
    /// Tasks wait: the next timer is due at `nextTimer` (runtime seconds), `blocked` tasks wait
    /// for an event with no timeout, and `mainEnded` says whether the main chunk has returned.
    case running(nextTimer: Double?, blocked: Int, mainEnded: Bool)

    /// The step `result` reports, with the values it left (a failure's error and traceback, a
    /// stop's reason).
    init(_ result: behave_step_result, values: [LuaValue]) {
        func value(_ index: Int) -> LuaValue { index < values.count ? values[index] : .nil }
        switch result.state {
        case BEHAVE_RUNTIME_FAILED: self = .failed(error: value(0), traceback: value(1).string)
        case BEHAVE_RUNTIME_STOPPED: self = .stopped(reason: value(0))
        default:
            self = .running(
                nextTimer: result.has_timer != 0 ? result.next_timer : nil, blocked: Int(result.blocked),
                mainEnded: result.main_ended != 0)
        }
    }
}
