/// Tracebacks as a behaviour's author wants them: script frames only, none of the host's
/// internals (the chunks compiled from this target's `.lua` files, C glue).
package enum ScriptTraceback {
    /// Keeps only the lines of a Lua traceback that point at the script (and library calls
    /// it made, such as `[C]: in function 'error'`).
    package static func clean(_ traceback: String) -> String {
        traceback.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { line in
                !line.contains("[C]: in ?") && !LuaChunks.all.contains { $0.isFrame(line) }
                    && !line.contains("in function 'coroutine.yield'")
            }
            .joined(separator: "\n")
    }

    /// The innermost script position in a cleaned traceback (`hang.lua:3`), if it has one.
    package static func position(in traceback: String) -> String? {
        for line in traceback.split(separator: "\n") where line.hasPrefix("\t") && !line.hasPrefix("\t[") {
            let frame = line.dropFirst()
            guard let colon = frame.firstIndex(of: ":") else { continue }
            let digits = frame[frame.index(after: colon)...].prefix { $0.isNumber }
            if !digits.isEmpty { return String(frame[..<colon]) + ":" + digits }
        }
        return nil
    }
}
