import CBehave
import CBehaveLua

/// Errors between Lua and Swift: an error value as Swift sees it, a Swift error as a script sees
/// it, and the terminations a limit or a cancellation makes.
extension LuaState {
    /// The error a script raised, as Swift sees it: the original Swift error when the value
    /// carries one, a ``LuaError`` otherwise (a limit's when the run was terminated). For
    /// hosts that resume coroutines themselves and get the error value back.
    public func error(from value: LuaValue, traceback: String?) -> any Error {
        value.push(to: stack)
        defer { stack.pop() }
        return makeError(status: LUA_ERRRUN, traceback: traceback)
    }

    /// Pushes a Swift error as the value a script sees (`tostring` gives its description;
    /// uncaught, ``error(from:traceback:)`` gives the original error back).
    public func pushError(_ error: any Error) {
        SwiftErrorBox.push(error, onto: pointer, state: self)
    }

    /// Marks the run terminated for `termination`'s limit (unless it already was, for
    /// another) and returns the error that reports it.
    public func terminate(_ termination: LuaTermination) -> LuaError {
        let reason = control.terminate(for: termination.reason)
        return LuaError(
            kind: LuaState.kind(ofTermination: reason),
            message: LuaState.message(ofTermination: reason, control: control))
    }

    /// Builds a ``LuaError`` from the error value on top of the stack (left there).
    func makeError(status: Int32, traceback: String?) -> Error {
        let terminated = control.terminated
        if terminated != 0 {
            return LuaError(
                kind: LuaState.kind(ofTermination: terminated),
                message: LuaState.message(ofTermination: terminated, control: control),
                traceback: traceback)
        }
        if let swiftError = SwiftErrorBox.error(at: -1, in: pointer) {
            lastSwiftErrorPosition = SwiftErrorBox.position(at: -1, in: self)
            return swiftError
        }
        let kind: LuaError.Kind =
            switch status {
            case LUA_ERRSYNTAX: .syntax
            case LUA_ERRMEM: .memory
            case LUA_ERRERR: .errorHandler
            default: .runtime
            }
        let message = describeError(at: -1)
        return LuaError(kind: kind, message: message, traceback: traceback)
    }

    /// Turns any error value into text without letting a hostile `__tostring` raise into
    /// Swift or run without limits.
    func describeError(at index: Int32) -> String {
        let L = pointer
        switch lua_type(L, index) {
        case LUA_TSTRING:
            return stack.value(at: index).string ?? "?"
        case LUA_TNIL:
            return "nil"
        case LUA_TNUMBER, LUA_TBOOLEAN:
            return stack.value(at: index).description
        default:
            // A metamethod may loop or throw: run it protected, for a second at most (the
            // watchdog stops it; the allocator and the bounded library functions poll too).
            let absolute = lua_absindex(L, index)
            let savedTerminated = control.suspendTermination()
            let slice = control.enterSlice(of: L, deadline: behave_now_ns() + 1_000_000_000, runDeadline: 0)
            defer {
                control.leaveSlice(slice)
                control.restoreTermination(savedTerminated)
            }
            lua_pushcclosure(L, behave_tostring, 0)
            lua_pushvalue(L, absolute)
            let savedEnforcing = control.beginEnforcing()
            let status = luashim_pcall(L, 1, 1, 0)
            control.endEnforcing(savedEnforcing)
            defer { luashim_pop(L, 1) }
            if status == LUA_OK, lua_type(L, -1) == LUA_TSTRING {
                return stack.value(at: -1).string ?? "?"
            }
            return "(error object is a \(String(cString: lua_typename(L, lua_type(L, absolute)))) value)"
        }
    }

    static func kind(ofTermination reason: Int32) -> LuaError.Kind {
        LuaLimit(reason: reason).map { .limit($0) } ?? .cancelled
    }

    static func message(ofTermination reason: Int32, control: ControlBlock) -> String {
        switch kind(ofTermination: reason) {
        case .limit(.memory): "limit exceeded: memory (\(LuaState.formatBytes(control.memoryLimit)))"
        case .limit(.instructions): "limit exceeded: instructions (\(control.maximumInstructions))"
        case .limit(let limit): "limit exceeded: \(limit)"
        default: "cancelled"
        }
    }

    /// `64 MiB`, `512 KiB`, `100 bytes`.
    public static func formatBytes(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
