import BehavePlatform

/// A lock with a condition to wait on: where one thread waits until another tells it to go on
/// (a stopped run and its debugger's requests, the main thread and the jobs sent to it).
package final class Condition: @unchecked Sendable {
    private let held = Lock()
    private let changed: UnsafeMutablePointer<pthread_cond_t>

    package init() {
        changed = .allocate(capacity: 1)
        changed.initialize(to: pthread_cond_t())
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        changed.deallocate()
    }

    package func lock() { pthread_mutex_lock(held.mutex) }
    package func unlock() { pthread_mutex_unlock(held.mutex) }
    /// Waits, the lock held, until told (or woken for nothing: callers wait in a loop).
    package func wait() { pthread_cond_wait(changed, held.mutex) }
    /// Wakes one waiter.
    package func signal() { pthread_cond_signal(changed) }
    /// Wakes every waiter.
    package func broadcast() { pthread_cond_broadcast(changed) }

    /// Runs `body` with the lock held.
    package func withLock<T>(_ body: () throws -> T) rethrows -> T { try held.withLock(body) }
}
