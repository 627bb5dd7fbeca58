import Behave
import BehavePlatform

/// Ctrl-C, SIGTERM and SIGHUP cancel the running behaviour through the sandbox's own mechanism;
/// the tool then flushes what the behaviour wrote and exits 130, 143 or 129 (128 + the signal).
///
/// A cancellation reaches Lua code, and every wait the host owns; a read or a fetch blocked in
/// the kernel it cannot reach. So each signal also arms a last resort: when the tool has not
/// exited a moment later, whatever it is waiting for, it exits with the same code. The REPL's
/// Ctrl-C cancels a line, not the tool, and arms nothing.
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
    /// The code the last resort exits with: 128 + the first signal that armed it.
    nonisolated(unsafe) static var lastResortCode: Int32 = 0
    /// Whether Ctrl-C ends the tool (false in the REPL, where it cancels the line being run).
    nonisolated(unsafe) static var interruptEndsTool = true

    /// How long a signalled tool may take to exit on its own: long enough to unwind a
    /// cancelled behaviour and flush its output, short enough that a person sees it end at once.
    static let graceMicroseconds: Int32 = 750_000

    /// Installs the handlers, before anything that may block: a signal during a fetch or a read
    /// of the input ends the tool too.
    static func install() {
        _ = terminated  // created here, not first in a signal handler
        let handler: @convention(c) (Int32) -> Void = { signalled in
            if signalled == SIGTERM { SignalFlags.set(Interrupts.terminated) }
            if signalled == SIGHUP { SignalFlags.set(Interrupts.terminated + 1) }
            if let flag = Interrupts.flag { SignalFlags.cancel(flag) }
            guard signalled != SIGINT || Interrupts.interruptEndsTool, Interrupts.lastResortCode == 0 else { return }
            Interrupts.lastResortCode = 128 + signalled
            Platform.armAlarm(microseconds: Interrupts.graceMicroseconds)
        }
        let lastResort: @convention(c) (Int32) -> Void = { _ in _exit(Interrupts.lastResortCode) }
        signal(SIGALRM, lastResort)
        for signalled in [SIGINT, SIGTERM, SIGHUP] { signal(signalled, handler) }
    }

    static func route(to cancellation: Cancellation) {
        handles.append(cancellation)  // keeps the flag alive for the handler
        flag = cancellation.flagPointer
        install()
    }

    /// Whether Ctrl-C, SIGTERM or SIGHUP has cancelled the current (or last) run.
    static var cancelled: Bool { flag.map(SignalFlags.isSet) ?? false }

    /// The exit code of a cancelled run: 128 + the signal that cancelled it.
    static var exitCode: Int32 {
        if SignalFlags.isSet(terminated) { return BehaveExit.terminatedBySignal }
        if SignalFlags.isSet(terminated + 1) { return BehaveExit.hungUp }
        return BehaveExit.interrupted
    }
}
