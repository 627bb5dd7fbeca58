import BehavePlatform

/// Why a file could not be written; whatever was at the path is untouched.
public struct AtomicWriteError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String

    init(path: String, errno code: Int32) { self.init(path: path, reason: String(cString: strerror(code))) }

    /// An error with a reason of the caller's own.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot write \(path): \(reason)" }
}
