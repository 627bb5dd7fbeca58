import Behave
import BehavePlatform
import CBehave

/// Ctrl-C, SIGTERM and SIGHUP cancel the running behaviour through the sandbox's own mechanism;
/// the tool then flushes what the behaviour wrote and exits 130, 143 or 129 (128 + the signal).
enum Interrupts {
    nonisolated(unsafe) static var flag: UnsafeMutablePointer<Int32>?
    nonisolated(unsafe) static var handles: [Cancellation] = []
    /// Set by the handler for SIGTERM (first) and SIGHUP (second) with async-signal-safe atomic
    /// stores; read when the tool exits, zero until then.
    nonisolated(unsafe) static let terminated: UnsafeMutablePointer<Int32> = {
        let flags = UnsafeMutablePointer<Int32>.allocate(capacity: 2)
        flags.initialize(repeating: 0, count: 2)
        return flags
    }()

    static func route(to cancellation: Cancellation) {
        handles.append(cancellation)  // keeps the flag alive for the handler
        flag = cancellation.flagPointer
        _ = terminated  // created here, not first in a signal handler
        let handler: @convention(c) (Int32) -> Void = { signalled in
            if signalled == SIGTERM { behave_set_flag(Interrupts.terminated) }
            if signalled == SIGHUP { behave_set_flag(Interrupts.terminated + 1) }
            if let flag = Interrupts.flag { behave_cancel(flag) }
        }
        for signalled in [SIGINT, SIGTERM, SIGHUP] { signal(signalled, handler) }
    }

    /// Whether Ctrl-C, SIGTERM or SIGHUP has cancelled the current (or last) run.
    static var cancelled: Bool { flag.map { behave_flag_is_set($0) != 0 } ?? false }

    /// The exit code of a cancelled run: 128 + the signal that cancelled it.
    static var exitCode: Int32 {
        if behave_flag_is_set(terminated) != 0 { return 128 + SIGTERM }
        if behave_flag_is_set(terminated + 1) != 0 { return 128 + SIGHUP }
        return BehaveExit.interrupted
    }
}
