import BehaveLua
import CBehave

/// Errors as the host reports them: a termination names its limit and where the script was;
/// a failure keeps only the script's frames.
extension BehaveHost {
    /// A termination as the host reports it: the limit, its value, and where the script was
    /// (`limit exceeded: time (2 s) at hang.lua:3`).
    func reported(_ error: LuaError, limits: Limits? = nil) -> LuaError {
        let limits = limits ?? policy.limits
        var error = error
        switch error.kind {
        case .limit(.memory): error.message = "limit exceeded: memory (\(LuaState.formatBytes(limits.memory)))"
        case .limit(.instructions): error.message = "limit exceeded: instructions (\(limits.instructions))"
        case .limit(.time): error.message = "limit exceeded: time (\(Limits.formatSeconds(limits.time)))"
        case .limit(.output): error.message = "limit exceeded: output (\(LuaState.formatBytes(limits.output)))"
        case .limit(.depth): error.message = "limit exceeded: depth (\(limits.depth) frames)"
        case .limit(.duration):
            error.message = "limit exceeded: duration (\(Limits.formatSeconds(limits.duration)))"
        default: error.message = "cancelled"
        }
        if let traceback = stoppedAt ?? error.traceback, let position = ScriptTraceback.position(in: traceback) {
            error.message += " at \(position)"
        }
        return error
    }

    /// The error for a task that failed with `value` (an error value from Lua); its
    /// traceback keeps script frames only, as every error the host reports does.
    func failure(_ value: LuaValue, traceback: String?) -> BehaveError {
        let error = lua.error(from: value, traceback: traceback.map(ScriptTraceback.clean))
        if let lua = error as? LuaError {
            switch lua.kind {
            case .limit, .cancelled: return .terminated(reported(lua))
            default: return .failed(lua)
            }
        }
        return failure(swiftError: error, traceback: traceback)
    }

    /// A Swift error from an action, uncaught by the script: reported where it was raised.
    func failure(swiftError error: any Error, traceback: String?) -> BehaveError {
        let position = lua.lastSwiftErrorPosition ?? ""
        return .failed(
            LuaError(
                kind: .runtime, message: position + "\(error)",
                traceback: traceback.map(ScriptTraceback.clean)))
    }

    /// Text for any Lua value, safe against hostile `__tostring`.
    func describe(_ value: LuaValue) -> String? {
        if case .nil = value { return nil }
        if let text = value.string { return text }
        return "\(lua.error(from: value, traceback: nil))"
    }

    /// The traceback of the coroutine the last termination stopped (coroutines.c), cleaned.
    var stoppedAt: String? {
        lua.registryField(BEHAVE_REGISTRY_STOPPED_AT).string.map(ScriptTraceback.clean)
    }
}
