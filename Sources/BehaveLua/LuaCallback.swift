import CBehave
import CBehaveLua

/// The Swift side of a function Lua can call: a name (for error messages) and a body that
/// reads its arguments from the stack, pushes its results and returns how many.
///
/// The light functions in `CBehave/light.c` and the trampolines in `CBehave/trampoline.c` call
/// the body directly, through the box's `behave_swift_function`. A thrown error, or a push cut
/// short, comes back to C as a value; C hands it to ``luaCallbackFinish`` (registered with
/// `behave_register_finish` before the first box exists), which never raises, and raises the Lua
/// error itself once the Swift frames are gone.
public final class LuaCallbackBox {
    static let metatableName = "behave.function"

    /// The name errors use: `bad argument #1 to 'name'`.
    public let name: String
    /// Reads arguments, does the work, pushes results, returns the result count.
    public let body: (LuaStack) throws -> Int32
    /// What C calls: the body's two words and the state. Made with the box, freed with it.
    let function: UnsafeMutablePointer<behave_swift_function>
    /// The state the function lives in (``attach(to:)``). Unretained: the state owns the box,
    /// and C passes it to the body on every call.
    var state: LuaState { Unmanaged.fromOpaque(function.pointee.state.unsafelyUnwrapped).takeUnretainedValue() }

    /// Records the state the function is pushed into, which its body's `LuaStack` names.
    func attach(to state: LuaState) {
        function.pointee.state = Unmanaged.passUnretained(state).toOpaque()
    }

    /// Wraps a body under a name.
    public init(name: String, body: @escaping (LuaStack) throws -> Int32) {
        _ = Self.finishRegistered
        self.name = name
        self.body = body
        function = .allocate(capacity: 1)
        let (code, context) = Self.words(of: body)
        function.initialize(to: behave_swift_function(body: code, closure: context, state: nil, box: nil))
        function.pointee.box = Unmanaged.passUnretained(self).toOpaque()
    }

    /// A struct field of a concrete function type holds the closure as that type's callers call
    /// it. Handed to anything generic, the closure itself would be wrapped in a thunk with
    /// arguments passed indirectly; a struct around it is not rewrapped.
    private struct Representation {
        var body: (LuaStack) throws -> Int32
    }

    /// The closure's two words, its function and its context (Swift's ABI). The box keeps the
    /// closure, so the context lives as long as C may call it.
    private static func words(
        of body: @escaping (LuaStack) throws -> Int32
    ) -> (UnsafeMutableRawPointer, UnsafeMutableRawPointer?) {
        unsafeBitCast(Representation(body: body), to: (UnsafeMutableRawPointer, UnsafeMutableRawPointer?).self)
    }

    deinit { function.deallocate() }

    /// C's slow way back, handed over once: no body can run before a box exists.
    private static let finishRegistered: Void = behave_register_finish(luaCallbackFinish)

    /// The box of a `behave_swift_function`.
    static func of(_ function: UnsafeMutablePointer<behave_swift_function>) -> Unmanaged<LuaCallbackBox> {
        Unmanaged.fromOpaque(function.pointee.box)
    }

    /// After the body returned `count` or threw `error` (the slow path only): the count, or the
    /// status C raises.
    func finish(_ L: OpaquePointer, count: Int32, error: (any Error)?) -> Int32 {
        let state = state
        do {
            if let error { throw error }
            if count < 0 {
                throw LuaError(kind: .runtime, message: "'\(name)' returned a negative result count (\(count))")
            }
            if state.pushCut != nil {
                lua_settop(L, lua_gettop(L) - count)
                try state.checkPushes()
            }
            return count
        } catch {
            return LuaCallbackBox.report(error, from: L, name: name, state: state)
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
            state.control.terminate(for: termination.reason)
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

/// The slow way back from a Swift function's body (`behave_finish_function` in `CBehave.h`): C
/// calls it only when the body threw, returned a negative count or cut a push short, and
/// raises what it returns.
private func luaCallbackFinish(
    _ L: OpaquePointer?, _ function: UnsafeMutablePointer<behave_swift_function>?, _ count: Int32,
    _ error: UnsafeMutableRawPointer?
) -> Int32 {
    // A thrown error is an owned `any Error`, one word wide: read it, then give up C's claim.
    let thrown = error.map { unsafeBitCast($0, to: (any Error).self) }
    defer { if let error { Unmanaged<AnyObject>.fromOpaque(error).release() } }
    return LuaCallbackBox.of(function.unsafelyUnwrapped).takeUnretainedValue()
        .finish(L.unsafelyUnwrapped, count: count, error: thrown)
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
