#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Receives votes, as the keynote's server did. Inject your own to send them for real;
/// tests read back what was recorded.
public protocol VoteSending: Sendable {
    /// Sends one vote and returns the server's confirmation.
    func send(_ destination: TrainDestination) async throws -> String
}

/// Records votes in memory, answering after `latency` seconds of the caller's clock.
public final class RecordingVoteCenter: VoteSending, @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var recorded: [TrainDestination] = []

    /// A center with no vote yet.
    public init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// The votes received, in order.
    public var votes: [TrainDestination] {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return recorded
    }

    public func send(_ destination: TrainDestination) async throws -> String {
        pthread_mutex_lock(mutex)
        recorded.append(destination)
        let number = recorded.count
        pthread_mutex_unlock(mutex)
        return "Vote #\(number) for \(destination.rawValue) recorded"
    }
}
