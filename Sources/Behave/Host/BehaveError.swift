import BehaveLua

/// Why a behaviour did not run to completion. Each case maps to one documented exit code of
/// the `behave` tool.
public enum BehaveError: Error, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(String, reason: String)
    /// The file (or stream) holds more bytes than the input limit (``Limits/input``) allows;
    /// nothing past the limit was read.
    case tooLarge(String, limit: Int)
    /// The behaviour is malformed or does not fit the registered modules; nothing ran.
    case invalid([Diagnostic])
    /// The script raised an error it did not catch.
    case failed(LuaError)
    /// A sandbox limit terminated the run (or it was cancelled).
    case terminated(LuaError)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): cannot read: \(reason)"
        case .tooLarge(let path, let limit): "\(path): larger than the input limit of \(LuaState.formatBytes(limit))"
        case .invalid(let diagnostics):
            diagnostics.filter { $0.severity == .error }.map(\.description).joined(separator: "\n")
        case .failed(let error): error.message
        case .terminated(let error): error.message
        }
    }
}
