import Behave
import BehavePlatform

/// While a debug session runs, what the process writes to stdout and stderr (the behaviour's
/// prints, the tool's messages) reaches the client as output events, and stdin reads as empty:
/// in a session over stdio, those descriptors' first owners are the protocol's.
public final class OutputCapture: @unchecked Sendable {
    private let lock = Lock()
    /// The pipes' read ends, while their readers run.
    private var readers: Set<Int32> = []
    /// Readers between taking bytes from their pipe and handing them to the adapter.
    private var forwarding = 0

    /// Sends descriptors 1 and 2 to `adapter` from now on.
    public init(to adapter: DebugAdapter) {
        let null = open("/dev/null", O_RDONLY)
        if null >= 0 {
            dup2(null, 0)
            close(null)
        }
        for (fd, category) in [(Int32(1), "stdout"), (2, "stderr")] {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { continue }
            dup2(ends[1], fd)
            close(ends[1])
            let reader = ends[0]
            lock.withLock { _ = readers.insert(reader) }
            Platform.startDetachedThread { self.forward(reader, category: category, to: adapter) }
        }
        adapter.capture = self
    }

    /// Returns once what was written to stdout and stderr so far has reached the adapter, so that
    /// a stop comes after the output that led to it (at most a second: a writer that never stops
    /// must not hold the stop back).
    func drain() {
        let deadline = Platform.monotonicSeconds() + 1
        while Platform.monotonicSeconds() < deadline {
            let pending = lock.withLock { forwarding > 0 || readers.contains { Platform.unreadBytes($0) > 0 } }
            if !pending { return }
            usleep(1000)
        }
    }

    /// Lets what was written reach the client: the pipes close, and their readers finish.
    public func finish() {
        let null = open("/dev/null", O_WRONLY)
        if null >= 0 {
            dup2(null, 1)
            dup2(null, 2)
            close(null)
        }
        let deadline = Platform.monotonicSeconds() + 5
        while !lock.withLock({ readers.isEmpty }) && Platform.monotonicSeconds() < deadline { usleep(1000) }
    }

    /// Reads until the end, sending whole UTF-8 characters.
    private func forward(_ fd: Int32, category: String, to adapter: DebugAdapter) {
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 14)
        defer {
            lock.withLock { _ = readers.remove(fd) }
            close(fd)
        }
        while true {
            // Counted as forwarding before the bytes leave the pipe, so `drain` sees them one
            // place or the other.
            guard Platform.waitReadable(fd, milliseconds: -1) else { continue }
            lock.withLock { forwarding += 1 }
            defer { lock.withLock { forwarding -= 1 } }
            let n = chunk.withUnsafeMutableBytes { Platform.read(fd, into: $0) }
            if n <= 0 { break }
            pending += chunk[0..<n]
            var cut = pending.count
            // A character cut by the read waits for the rest of it.
            var back = 0
            while back < 4, cut - back - 1 >= 0, pending[cut - back - 1] & 0xC0 == 0x80 { back += 1 }
            if cut - back - 1 >= 0, pending[cut - back - 1] >= 0xC0 {
                let lead = pending[cut - back - 1]
                let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
                if back + 1 < length { cut -= back + 1 }
            }
            if cut > 0 {
                adapter.output(String(decoding: pending[0..<cut], as: UTF8.self), category: category)
                pending.removeFirst(cut)
            }
        }
        if !pending.isEmpty { adapter.output(String(decoding: pending, as: UTF8.self), category: category) }
    }
}
