/// A run as a ``HostFeature`` sees it begin.
public struct RunStart: Sendable {
    /// The host that runs it.
    public let host: BehaveHost
    /// The behaviour a ``BehaveHost/run(_:strict:arguments:scriptName:events:timeline:)`` runs,
    /// with its arguments; nil for a test file's test or a session's input.
    public let behaviour: Behaviour?
    /// The arguments the behaviour got.
    public let arguments: [String]
    /// When the run began, on the host's clock: the instant a feature's times count from (a
    /// session's inputs share the session's).
    public let origin: Double
}
