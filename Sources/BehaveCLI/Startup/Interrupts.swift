import Behave
import CBehave

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C cancels the running behaviour through the sandbox's own mechanism.
enum Interrupts {
    nonisolated(unsafe) static var flag: UnsafeMutablePointer<Int32>?
    nonisolated(unsafe) static var handles: [Cancellation] = []

    static func route(to cancellation: Cancellation) {
        handles.append(cancellation)  // keeps the flag alive for the handler
        flag = cancellation.flagPointer
        signal(SIGINT) { _ in
            if let flag = Interrupts.flag { behave_cancel(flag) }
        }
    }
}
