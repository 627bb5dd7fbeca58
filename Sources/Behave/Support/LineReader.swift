import BehavePlatform

/// Lines from a file descriptor (a pipe, a terminal, a file), each at most a limit long: a line
/// past the limit is reported as ``Line/tooLong`` and skipped without being kept, so a stream
/// with no newline in it (`/dev/zero`) holds no more than the limit in memory.
package struct LineReader {
    /// One line, without its newline.
    package enum Line: Equatable {
        case text([UInt8])
        /// A line of more than the limit's bytes; what it held is gone.
        case tooLong
    }

    private let fd: Int32
    private let limit: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    /// Inside a line already reported as too long.
    private var discarding = false

    /// Reads `fd`, which stays open; `limit` is the most bytes a line may hold (0 for any).
    package init(fd: Int32, limit: Int) {
        self.fd = fd
        self.limit = limit
    }

    /// The next line, or nil at the end of input (or on a read error). A last line without a
    /// newline counts. A line is ``Line/tooLong`` as soon as it passes the limit; the rest of
    /// it is read and dropped on the next call.
    package mutating func next() -> Line? {
        var searched = 0  // bytes after `start` known to hold no newline
        while true {
            if let newline = buffer[(start + searched)...].firstIndex(of: 0x0A) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                if discarding {
                    discarding = false
                    searched = 0
                    continue
                }
                return limit > 0 && line.count > limit ? .tooLong : .text(line)
            }
            searched = buffer.count - start
            if discarding || (limit > 0 && searched > limit) {
                // Nothing held past the limit: drop it, and the rest of the line as it comes.
                buffer.removeAll(keepingCapacity: true)
                start = 0
                searched = 0
                if !discarding {
                    discarding = true
                    return .tooLong
                }
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                return limit > 0 && line.count > limit ? .tooLong : .text(line)
            }
            fill()
        }
    }

    private mutating func fill() {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        let old = buffer.count
        let chunk = 1 << 16
        buffer.append(contentsOf: repeatElement(0, count: chunk))
        let n = buffer.withUnsafeMutableBytes {
            Platform.read(fd, into: UnsafeMutableRawBufferPointer(rebasing: $0[old...]))
        }
        buffer.removeLast(chunk - max(n, 0))
        if n <= 0 { atEnd = true }
    }
}
