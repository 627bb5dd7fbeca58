/// Receives votes, as the keynote's server did. Inject your own to send them for real;
/// tests read back what was recorded.
public protocol VoteSending: Sendable {
    /// Sends one vote and returns the server's confirmation.
    func send(_ destination: TrainDestination) async throws -> String
}

/// Records votes in memory and confirms each with its number.
public actor RecordingVoteCenter: VoteSending {
    /// The votes received, in order.
    public private(set) var votes: [TrainDestination] = []

    /// A center with no vote yet.
    public init() {}

    public func send(_ destination: TrainDestination) async throws -> String {
        votes.append(destination)
        return "Vote #\(votes.count) for \(destination.rawValue) recorded"
    }
}
