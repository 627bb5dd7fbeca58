import CBehave

/// A thread with a C stack large enough for Lua, for a host used from a thread with a small one.
///
/// Lua recurses in C (up to 200 nested C calls: `pcall` inside `pcall`, a `gsub` callback that
/// calls `gsub`, metamethods), and the host keeps a C-stack floor below its guarded calls. Apple's
/// secondary threads have 512 KiB of stack in all, which that depth can outrun. When a slice
/// starts with less than ``minimumStack`` left, the host runs it here instead and the calling
/// thread waits: the state is still used by one thread at a time, and a slice is bounded by the
/// time limit. Module functions called by that slice run on this thread. The thread itself is
/// C (`stackthread.c`), so the tools link no Foundation for it.
final class StackThread {
    /// Below this much stack left, a slice moves here.
    static let minimumStack = 1 << 20
    /// This thread's stack.
    static let stackSize = 8 << 20

    private let thread: OpaquePointer?

    init() { thread = behave_stack_thread_new(Self.stackSize) }

    deinit { if let thread { behave_stack_thread_stop(thread) } }

    /// Whether the calling thread has too little stack left for a slice (and knows how much).
    static var callerNeedsIt: Bool {
        let available = behave_stack_available()
        return available > 0 && available < minimumStack
    }

    /// The work in hand, as the C thread calls it.
    private final class Job {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Runs `body` on this thread and waits for it; on the calling thread if the thread could
    /// not be started.
    func run<T>(_ body: () throws(BehaveError) -> T) throws(BehaveError) -> T {
        guard let thread else { return try body() }
        return try withoutActuallyEscaping(body) { (escaping) throws(BehaveError) -> T in
            var result: Result<T, BehaveError>?
            let job = Job {
                do throws(BehaveError) { result = .success(try escaping()) } catch { result = .failure(error) }
            }
            withExtendedLifetime(job) {
                behave_stack_thread_run(
                    thread, { Unmanaged<Job>.fromOpaque($0!).takeUnretainedValue().run() },
                    Unmanaged.passUnretained(job).toOpaque())
            }
            return try result!.get()
        }
    }
}
