import BehavePlatform

/// A test hook in every step of ``AtomicFile`` that a crash or a full disk could interrupt: each
/// write, `fsync`, `link` and `rename` is a numbered point.
///
/// Read only by the crash-consistency tests, as SQLite's tests inject faults: with the
/// environment variable `BEHAVE_TEST_CRASH_AT=N` the process ends at once (`_exit`, no cleanup,
/// as `SIGKILL` would end it) on reaching point N; with `BEHAVE_TEST_FAIL_AT=N` step N fails
/// with `EIO` as a full or broken disk would, saying so on stderr. Without them it does nothing.
package enum FailurePoint {
    private static let crashAt = number("BEHAVE_TEST_CRASH_AT")
    private static let failAt = number("BEHAVE_TEST_FAIL_AT")
    private static let lock = Lock()
    nonisolated(unsafe) private static var reached = 0

    /// Called before a step: false when the step must fail (errno is then `EIO`); never returns
    /// at the crash point.
    package static func pass() -> Bool {
        guard crashAt != nil || failAt != nil else { return true }
        let point = lock.withLock {
            reached += 1
            return reached
        }
        if point == crashAt { _exit(86) }
        if point == failAt {
            // Said, so that a test knows the point was reached: a failure may be one the tool
            // rightly says nothing of.
            let line = Array("behave: test hook: step \(point) fails\n".utf8)
            _ = line.withUnsafeBytes { Platform.write(2, $0.baseAddress!, $0.count) }
            errno = EIO
            return false
        }
        return true
    }

    private static func number(_ name: String) -> Int? {
        getenv(name).flatMap { Int(String(cString: $0)) }
    }
}
