/// Tracebacks as a behaviour's author wants them: script frames only, none of the host's
/// internals (the chunks compiled from this target's `.lua` files, C glue).
public enum ScriptTraceback {
    /// Keeps only the lines of a Lua traceback that point at the script (and library calls
    /// it made, such as `[C]: in function 'error'`).
    public static func clean(_ traceback: String) -> String {
        traceback.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { line in
                !line.contains("[C]: in ?") && !LuaChunks.all.contains { $0.isFrame(line) }
                    && !line.contains("in function 'coroutine.yield'")
            }
            .joined(separator: "\n")
    }
}
