import Lua

/// Where a behaviour's output goes, with the output limit applied to every byte written by
/// `print` and by modules.
public final class OutputSink {
    /// Receives output text (stdout in the tool). Write through ``write(_:)``, which counts.
    private let destination: (String) -> Void
    /// Receives diagnostics: warnings and reports (stderr in the tool).
    public let diagnostic: (String) -> Void
    /// Bytes written so far.
    public private(set) var bytesWritten = 0
    /// The most bytes a run may write; 0 for no limit.
    public var limit: Int

    /// Creates a sink.
    public init(limit: Int = 0, write: @escaping (String) -> Void, diagnostic: @escaping (String) -> Void) {
        self.limit = limit
        self.destination = write
        self.diagnostic = diagnostic
    }

    /// Writes text, or throws ``LuaTermination`` for the output limit (nothing written).
    public func write(_ text: String) throws {
        let count = text.utf8.count
        if limit > 0, bytesWritten + count > limit {
            throw LuaTermination(.output)
        }
        bytesWritten += count
        destination(text)
    }

    /// Starts counting again for a new run.
    public func reset() { bytesWritten = 0 }
}
