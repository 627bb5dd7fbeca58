import CBehave

/// Thrown by a Swift function to terminate the run for a limit (e.g. the output limit):
/// the trampoline raises the termination, which no `pcall` can catch.
public struct LuaTermination: Error, CustomStringConvertible {
    /// The limit that was hit.
    public var limit: LuaLimit

    /// Creates a termination for `limit`.
    public init(_ limit: LuaLimit) { self.limit = limit }

    public var description: String { "limit exceeded: \(limit)" }

    /// The control block's code for this limit.
    public var reason: Int32 {
        switch limit {
        case .memory: Int32(BEHAVE_LIMIT_MEMORY)
        case .instructions: Int32(BEHAVE_LIMIT_INSTRUCTIONS)
        case .time: Int32(BEHAVE_LIMIT_TIME)
        case .output: Int32(BEHAVE_LIMIT_OUTPUT)
        case .depth: Int32(BEHAVE_LIMIT_DEPTH)
        case .duration: Int32(BEHAVE_LIMIT_DURATION)
        }
    }
}
