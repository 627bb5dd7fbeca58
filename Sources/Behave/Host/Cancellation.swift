import BehaveLua
import CBehave

/// Cancels a running behaviour from any thread; the run ends with `LuaError.Kind.cancelled`.
public struct Cancellation: @unchecked Sendable {
    // Holds the flag so it outlives any thread that still has the handle.
    private let flag: CancelFlag

    init(flag: CancelFlag) { self.flag = flag }

    /// A handle of its own, for a run whose host is made for it (``BehaveHost/replay(_:behaviour:output:trusted:limits:cancellation:)``):
    /// route a signal to it before the run starts.
    public init() { self.flag = CancelFlag() }

    /// The flag behind the handle.
    var sharedFlag: CancelFlag { flag }

    /// Requests cancellation: the watchdog stops the running behaviour at once, wherever it is
    /// (Lua code, a library call, a wait). Async-signal-safe: a signal handler may call
    /// `behave_cancel(flagPointer)`, which is what this does.
    public func cancel() { behave_request_cancel(flag.pointer) }

    /// The raw flag, for a signal handler (`behave_cancel` is async-signal-safe).
    public var flagPointer: UnsafeMutablePointer<Int32> { flag.pointer }
}

/// One `int` that every state of a host checks in its hook.
final class CancelFlag: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Int32>
    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: 0)
    }
    deinit { pointer.deallocate() }
}
