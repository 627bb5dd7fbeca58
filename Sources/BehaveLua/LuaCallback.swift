import CBehave
import CBehaveLua

/// The Swift side of a function Lua can call: a name (for error messages) and a body that
/// reads its arguments from the stack, pushes its results and returns how many.
///
/// The light functions in `CBehave/light.c` and the trampolines in `CBehave/trampoline.c` call
/// `behave_swift_dispatch` (``luaCallbackDispatch``), which never raises: it turns
/// every thrown error into a status the trampoline raises after Swift has returned.
public final class LuaCallbackBox {
    static let metatableName = "behave.function"

    /// The name errors use: `bad argument #1 to 'name'`.
    public let name: String
    /// Reads arguments, does the work, pushes results, returns the result count.
    public let body: (LuaStack) throws -> Int32
    /// The state the function lives in, set when it is pushed. Unmanaged: the state owns the
    /// box, and reading it must cost nothing per call (an optional unowned reference costs a
    /// retain and a release on every call).
    var stateReference: Unmanaged<LuaState>?
    var state: LuaState { stateReference.unsafelyUnwrapped.takeUnretainedValue() }

    /// Wraps a body under a name.
    public init(name: String, body: @escaping (LuaStack) throws -> Int32) {
        self.name = name
        self.body = body
    }

    @inline(__always)
    func invoke(_ L: OpaquePointer) -> Int32 {
        stateReference.unsafelyUnwrapped._withUnsafeGuaranteedRef { state in
            do {
                let count = try body(LuaStack(L, state: state))
                if state.pushCut != nil {
                    lua_settop(L, lua_gettop(L) - count)
                    try state.checkPushes()
                }
                return count
            } catch {
                return LuaCallbackBox.report(error, from: L, name: name, state: state)
            }
        }
    }

    /// Pushes the error value for a thrown Swift error and says how the trampoline raises it.
    static func report(_ error: any Error, from L: OpaquePointer, name: String, state: LuaState) -> Int32 {
        switch error {
        case let argument as LuaArgumentError:
            lua_pushstring(L, "bad argument #\(argument.position) to '\(name)' (\(argument.reason))")
            return Int32(BEHAVE_RAISE_WHERE)
        case let raised as LuaScriptError:
            lua_pushstring(L, raised.message)
            return Int32(raised.withPosition ? BEHAVE_RAISE_WHERE : BEHAVE_RAISE)
        case let termination as LuaTermination:
            if state.control.pointee.terminated == 0 { state.control.pointee.terminated = termination.reason }
            return Int32(BEHAVE_RAISE_TERMINATED)
        case let lua as LuaError:
            if case .limit = lua.kind { return Int32(BEHAVE_RAISE_TERMINATED) }
            if lua.kind == .cancelled { return Int32(BEHAVE_RAISE_TERMINATED) }
            lua_pushstring(L, lua.message)
            return Int32(BEHAVE_RAISE)
        default:
            SwiftErrorBox.push(error, onto: L, state: state)
            return Int32(BEHAVE_RAISE_SWIFT)
        }
    }
}

/// The C entry point every Swift function goes through (`behave_swift_dispatch` in
/// `CBehave.h`): the light functions and trampolines call it by name, so the call is direct.
/// Inlined into its C entry, so no Swift thunk sits between C and the function's body.
@_cdecl("behave_swift_dispatch")
@inline(__always)
func luaCallbackDispatch(_ L: OpaquePointer?, _ context: UnsafeMutableRawPointer?) -> Int32 {
    Unmanaged<LuaCallbackBox>.fromOpaque(context.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
        $0.invoke(L.unsafelyUnwrapped)
    }
}

/// An argument that did not convert: becomes `bad argument #N to 'f' (reason)`.
public struct LuaArgumentError: Error, CustomStringConvertible {
    /// The 1-based argument position.
    public var position: Int32
    /// Why it did not convert, e.g. `number expected, got string`.
    public var reason: String

    /// Creates an argument error.
    public init(position: Int32, reason: String) {
        self.position = position
        self.reason = reason
    }

    /// The usual Lua reason for a type mismatch at `index` of `stack`.
    public init(expected: String, at index: Int32, in stack: LuaStack) {
        self.init(position: index, reason: "\(expected) expected, got \(stack.typeName(at: index))")
    }

    public var description: String { "bad argument #\(position) (\(reason))" }
}

/// An error a Swift function raises as a plain Lua error string, like `error("...")`.
///
/// ```swift
/// lua.register("half") { (n: Int) throws -> Int in
///     guard n % 2 == 0 else { throw LuaScriptError("odd number: \(n)") }
///     return n / 2
/// }
/// ```
public struct LuaScriptError: Error, CustomStringConvertible {
    /// The message the script sees.
    public var message: String
    /// Whether the caller's `chunk:line:` is prefixed, as `error(msg, 1)` does.
    public var withPosition: Bool

    /// Creates the error; by default the message gets the caller's position.
    public init(_ message: String, withPosition: Bool = true) {
        self.message = message
        self.withPosition = withPosition
    }

    public var description: String { message }
}
