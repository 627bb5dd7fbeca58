import BehaveLua

/// A problem found in a behaviour, with where it is: `Protocols.json:9:13: warning: …`.
public struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }

    public var severity: Severity
    public var file: String
    public var position: SourcePosition?
    public var message: String

    public init(_ severity: Severity, file: String, at position: SourcePosition?, _ message: String) {
        self.severity = severity
        self.file = file
        self.position = position
        self.message = message
    }

    /// One line, the way compilers print it.
    public var description: String {
        let place = position.map { "\(file):\($0.line):\($0.column)" } ?? file
        return "\(place): \(severity.rawValue): \(message)"
    }
}
