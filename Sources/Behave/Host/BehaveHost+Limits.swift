import BehaveLua
import CBehave
import CBehaveLua

/// Run slices: each entry into Lua runs with the per-slice limits armed in the control block,
/// and cancellation is checked and cleared around them.
extension BehaveHost {
    /// One run slice: `body` enters Lua with the per-slice limits armed; errors come out as
    /// the host reports them.
    /// `limits` replaces the policy's per-slice limits (the REPL's printer runs on less).
    /// On a thread with a small C stack it runs on the host's ``StackThread``.
    @discardableResult
    func slice<T>(limits: Limits? = nil, _ body: () throws -> T) throws(BehaveError) -> T {
        if StackThread.callerNeedsIt {
            return try stackThread.run { () throws(BehaveError) in try sliceHere(limits: limits, body) }
        }
        return try sliceHere(limits: limits, body)
    }

    private func sliceHere<T>(limits: Limits?, _ body: () throws -> T) throws(BehaveError) -> T {
        let limits = limits ?? policy.limits
        armLimits(limits)
        var saved = behave_slice_saved()
        let control = lua.control
        // The runtime may start further slices inside this entry (behave_next_slice): a batch of events.
        let savedLength = control.pointee.slice_ns
        let savedCarried = control.pointee.instructions_carried
        control.pointee.slice_ns = Self.nanoseconds(limits.time)
        control.pointee.instructions_carried = 0
        behave_enter_slice(control, lua.pointer, Self.deadline(after: limits.time), runDeadline, &saved)
        defer {
            behave_leave_slice(control, &saved)
            // A polling hook counts too, but the report promises a count only with a limit.
            if policy.limits.instructions > 0 || policy.limits.depth > 0 {
                instructionsThisRun += Int(control.pointee.instructions + control.pointee.instructions_carried)
            }
            control.pointee.slice_ns = savedLength
            control.pointee.instructions_carried = savedCarried
            disarmLimits()
        }
        do {
            return try body()
        } catch var error as LuaError {
            error.traceback = error.traceback.map(ScriptTraceback.clean)
            switch error.kind {
            case .limit, .cancelled: throw .terminated(reported(error, limits: limits))
            default: throw .failed(error)
            }
        } catch {
            throw failure(swiftError: error, traceback: nil)
        }
    }

    /// `seconds` from now on the monotonic clock, as the control block keeps deadlines; 0 for
    /// none. Capped at a year, which no slice outlives.
    static func deadline(after seconds: Double) -> Int64 {
        guard seconds > 0 else { return 0 }
        return behave_now_ns() + nanoseconds(seconds)
    }

    /// A limit of `seconds` in nanoseconds, capped at a year; 0 for none.
    static func nanoseconds(_ seconds: Double) -> Int64 {
        seconds > 0 ? Int64(min(seconds, 365 * 86_400) * 1e9) : 0
    }

    func checkCancelled() throws(BehaveError) {
        if behave_flag_is_set(cancelFlag.pointer) != 0 {
            lua.control.pointee.terminated = Int32(BEHAVE_CANCELLED)
            throw .terminated(LuaError(kind: .cancelled, message: "cancelled"))
        }
    }

    func clearCancellation() {
        let L = lua.pointer
        lua_pushnil(L)
        lua_setfield(L, luashim_registryindex(), BEHAVE_REGISTRY_STOPPED_AT)
        lua.control.pointee.terminated = 0
        behave_clear_cancel(lua.control)
    }

    private func armLimits(_ limits: Limits) {
        let control = lua.control
        control.pointee.instructions = 0
        // The count hook enforces these; a state built without it has neither (StateBuilder).
        control.pointee.max_instructions = Int64(limits.instructions)
        control.pointee.max_depth = Int32(clamping: limits.depth)
    }

    private func disarmLimits() {
        lua.control.pointee.max_instructions = 0
        lua.control.pointee.max_depth = 0
    }
}
