import CBehave
import Foundation

/// A thread with a C stack large enough for Lua, for a host used from a thread with a small one.
///
/// Lua recurses in C (up to 200 nested C calls: `pcall` inside `pcall`, a `gsub` callback that
/// calls `gsub`, metamethods), and the host keeps a C-stack floor below its guarded calls. Apple's
/// secondary threads have 512 KiB of stack in all, which that depth can outrun. When a slice
/// starts with less than ``minimumStack`` left, the host runs it here instead and the calling
/// thread waits: the state is still used by one thread at a time, and a slice is bounded by the
/// time limit. Module functions called by that slice run on this thread.
final class StackThread: @unchecked Sendable {
    /// Below this much stack left, a slice moves here.
    static let minimumStack = 1 << 20
    /// This thread's stack.
    static let stackSize = 8 << 20

    /// What the thread and its owner share; the thread keeps only this, so the owner can go.
    private final class Mailbox: @unchecked Sendable {
        let condition = NSCondition()
        var work: (() -> Void)?
        /// Works finished so far: a waiting caller reads its result only after this moves.
        var finished = 0
        var stopped = false
    }

    private let mailbox = Mailbox()

    init() {
        let mailbox = mailbox
        let thread = Thread {
            mailbox.condition.lock()
            while true {
                while mailbox.work == nil && !mailbox.stopped { mailbox.condition.wait() }
                if let work = mailbox.work {
                    mailbox.condition.unlock()
                    work()
                    mailbox.condition.lock()
                    mailbox.work = nil
                    mailbox.finished += 1
                    mailbox.condition.broadcast()
                } else {
                    break
                }
            }
            mailbox.condition.unlock()
        }
        thread.stackSize = Self.stackSize
        thread.name = "behave-lua"
        thread.start()
    }

    deinit {
        mailbox.condition.lock()
        mailbox.stopped = true
        mailbox.condition.broadcast()
        mailbox.condition.unlock()
    }

    /// Whether the calling thread has too little stack left for a slice (and knows how much).
    static var callerNeedsIt: Bool {
        let available = behave_stack_available()
        return available > 0 && available < minimumStack
    }

    /// Runs `body` on this thread and waits for it.
    func run<T>(_ body: () throws(BehaveError) -> T) throws(BehaveError) -> T {
        try withoutActuallyEscaping(body) { (escaping) throws(BehaveError) -> T in
            nonisolated(unsafe) let work = escaping
            nonisolated(unsafe) var result: Result<T, BehaveError>?
            mailbox.condition.lock()
            while mailbox.work != nil { mailbox.condition.wait() }
            mailbox.work = {
                do throws(BehaveError) { result = .success(try work()) } catch { result = .failure(error) }
            }
            let ticket = mailbox.finished + 1
            mailbox.condition.broadcast()
            while mailbox.finished < ticket { mailbox.condition.wait() }
            mailbox.condition.unlock()
            return try result!.get()
        }
    }
}
