/// What an action may use of the host while it runs: the output sink (counted against the
/// output limit) and the diagnostics stream.
public struct ActionContext {
    let output: OutputSink

    /// Writes one line to the behaviour's output (stdout in the tool), like `print`.
    /// Throws when the output limit is reached; let it propagate.
    public func print(_ line: String) throws {
        try output.write(line + "\n")
    }

    /// Writes a warning line to the host's diagnostics (stderr in the tool).
    public func warn(_ line: String) {
        output.diagnostic("warning: " + line)
    }
}
