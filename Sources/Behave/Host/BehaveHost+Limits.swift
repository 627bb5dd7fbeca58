import BehaveLua
import CBehave

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
        let control = lua.control
        control.armLimits(instructions: Int64(limits.instructions), depth: Int32(clamping: limits.depth))
        // The runtime may start further slices inside this entry (behave_next_slice): a batch of events.
        let slice = control.enterSlice(
            of: lua.pointer, length: Self.nanoseconds(limits.time), deadline: Self.deadline(after: limits.time),
            runDeadline: runDeadline)
        defer {
            let counted = control.leaveSlice(slice)
            // A polling hook counts too, but the report promises a count only with a limit.
            if policy.limits.instructions > 0 || policy.limits.depth > 0 { instructionsThisRun += Int(counted) }
            control.disarmLimits()
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

    /// Whether the app (a signal, ``Cancellation/cancel()``) asked the current run to stop.
    var cancelRequested: Bool { behave_flag_is_set(cancelFlag.pointer) != 0 }

    func checkCancelled() throws(BehaveError) {
        if behave_flag_is_set(cancelFlag.pointer) != 0 {
            lua.control.markCancelled()
            throw .terminated(LuaError(kind: .cancelled, message: "cancelled"))
        }
    }

    func clearCancellation() {
        lua.stack.pushNil()
        lua.stack.setRegistryField(BEHAVE_REGISTRY_STOPPED_AT)
        lua.control.clearTermination()
    }
}
