import Behave
import CBehave

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C, SIGTERM and SIGHUP cancel the running behaviour through the sandbox's own mechanism;
/// the tool then flushes what the behaviour wrote and exits 130, 143 or 129 (128 + the signal).
enum Interrupts {
    nonisolated(unsafe) static var flag: UnsafeMutablePointer<Int32>?
    nonisolated(unsafe) static var handles: [Cancellation] = []
    /// Set by the SIGTERM and SIGHUP handlers (async-signal-safe atomic stores), read at exit.
    nonisolated(unsafe) static let terminated = UnsafeMutablePointer<Int32>.allocate(capacity: 2)

    static func route(to cancellation: Cancellation) {
        handles.append(cancellation)  // keeps the flag alive for the handler
        flag = cancellation.flagPointer
        terminated.initialize(repeating: 0, count: 2)
        signal(SIGINT) { _ in
            if let flag = Interrupts.flag { behave_cancel(flag) }
        }
        signal(SIGTERM) { _ in
            behave_set_flag(Interrupts.terminated)
            if let flag = Interrupts.flag { behave_cancel(flag) }
        }
        signal(SIGHUP) { _ in
            behave_set_flag(Interrupts.terminated + 1)
            if let flag = Interrupts.flag { behave_cancel(flag) }
        }
    }

    /// The exit code of a cancelled run: 128 + the signal that cancelled it.
    static var exitCode: Int32 {
        if behave_flag_is_set(terminated) != 0 { return 128 + SIGTERM }
        if behave_flag_is_set(terminated + 1) != 0 { return 128 + SIGHUP }
        return BehaveExit.interrupted
    }
}
