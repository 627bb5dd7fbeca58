import BehavePlatform

/// A mutual-exclusion lock for the few places where another thread meets the host: the
/// inbox of the scheduler, the output sink, the virtual clock.
package final class Lock: @unchecked Sendable {
    /// The mutex itself, for a ``Condition`` to wait with.
    let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the lock held.
    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
