import CBehave
import Lua

/// Cancels a running behaviour from any thread; the run ends with `LuaError.Kind.cancelled`.
public struct Cancellation: @unchecked Sendable {
    // Holds the flag so it outlives any thread that still has the handle.
    private let flag: CancelFlag

    init(flag: CancelFlag) { self.flag = flag }

    /// Requests cancellation; the running behaviour stops within one hook interval.
    /// Async-signal-safe through ``flagPointer``.
    public func cancel() { behave_set_flag(flag.pointer) }

    /// The raw flag, for a signal handler (`behave_set_flag` is async-signal-safe).
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
