import BehaveLua

/// What an async action gives back to the Lua task that called it.
public struct ActionResult: Sendable {
    /// Pushes the results on the resumed task's stack; returns how many.
    let push: @Sendable (LuaStack) -> Int32

    /// Pushes results directly (on the host's thread, when the task resumes). `push` has room for
    /// 20 values; for more it calls `stack.reserve(n)` first.
    public init(push: @escaping @Sendable (LuaStack) -> Int32) { self.push = push }

    /// No result.
    public static let none = ActionResult { _ in 0 }

    /// One result.
    public static func value<R: LuaPushable & Sendable>(_ value: R) -> ActionResult {
        ActionResult { stack in
            value.push(to: stack)
            return 1
        }
    }
}
