import BehaveLua
import BehavePlatform

/// Reading whole files without Foundation, never past a size limit: `/dev/zero` or a runaway pipe
/// is refused at the limit, not read until memory runs out.
///
/// Nor past a time limit: a FIFO with no writer, or a pipe whose writer never ends, would hold the
/// caller in the kernel where no limit of the sandbox reaches it. A regular file is read at
/// once; anything else (a FIFO, a pipe, a device) is read only as long as `seconds` allows, and
/// `regularOnly` refuses it outright (what `require` does: a module is a file).
package enum FileBytes {
    /// The reason a read with `followingLinks: false` gives for a symbolic link.
    package static let linkReason = "is a symbolic link"
    /// The reason a read with `regularOnly` gives for anything but a regular file.
    package static let notRegularReason = "is not a regular file"

    /// The whole file at `path`, or why it cannot be read. `limit` is the most bytes it may hold
    /// (0 for no limit); `seconds` the longest a file that is not regular may take to reach its
    /// end (0 for no bound). With `followingLinks: false`, a symbolic link is refused
    /// (``linkReason``), as a file whose name decides what it serves must be.
    package static func read(
        _ path: String, limit: Int, regularOnly: Bool = false, seconds: Double = 0, followingLinks: Bool = true
    ) throws(BehaveError) -> [UInt8] {
        // Without O_NONBLOCK, opening a FIFO waits for a writer, unbounded.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else {
            let code = errno
            throw .unreadable(
                path, reason: !followingLinks && code == ELOOP ? linkReason : String(cString: strerror(code)))
        }
        defer { close(fd) }
        var info = stat()
        var expected = 0
        var regular = false
        if fstat(fd, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { throw .unreadable(path, reason: "is a directory") }
            // A regular file says its size: refuse it before reading, and read it into a buffer of
            // exactly that size (a growing buffer holds up to twice the file at its peak).
            if (info.st_mode & S_IFMT) == S_IFREG {
                regular = true
                expected = Int(info.st_size)
                if limit > 0, expected > limit { throw .tooLarge(path, limit: limit) }
            }
        }
        if !regular && regularOnly { throw .unreadable(path, reason: notRegularReason) }
        return try read(fd: fd, name: path, limit: limit, expected: expected, seconds: regular ? 0 : seconds)
    }

    /// At most the first `count` bytes of the file at `path`: a record whose start is all that
    /// matters, read whatever its length (a longer file is not refused, only cut).
    package static func readPrefix(_ path: String, count: Int) throws(BehaveError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK)
        guard fd >= 0 else { throw .unreadable(path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        // Only a regular file: a FIFO or a device in its place would block or never end.
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw .unreadable(path, reason: "is not a regular file")
        }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes {
                Platform.read(fd, into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...]))
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw .unreadable(path, reason: String(cString: strerror(errno))) }
            if n == 0 { break }
            filled += n
        }
        return Array(bytes[..<filled])
    }

    /// Everything left to read from `fd` (a pipe too: stdin is `read(fd: 0, name: "stdin", …)`);
    /// `name` is what an error calls it. Stops with ``BehaveError/tooLarge(_:limit:)`` as soon as
    /// more than `limit` bytes arrive (0 for no limit), and with ``BehaveError/unreadable(_:reason:)``
    /// when the end has not come within `seconds` (0 for no bound; a terminal has none either).
    package static func read(fd: Int32, name path: String, limit: Int, expected: Int = 0, seconds: Double = 0)
        throws(BehaveError) -> [UInt8]
    {
        let deadline = seconds > 0 && !Platform.isTerminal(fd) ? Platform.monotonicSeconds() + seconds : nil
        var bytes: [UInt8] = []
        // One byte more than expected, so that reaching the end needs no second buffer.
        bytes.reserveCapacity(expected + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            // Before each read, not after EAGAIN: a FIFO opened without blocking reads as ended
            // while no writer has come, and waiting first tells the two apart.
            if let deadline {
                try waitReadable(fd, name: path, until: deadline, seconds: seconds)
            } else if expected == 0 {
                // No bound: only a signal ends this wait, and the tool's handler ends the process.
                while !Platform.waitReadable(fd, milliseconds: -1) {}
            }
            let n = chunk.withUnsafeMutableBytes { Platform.read(fd, into: $0) }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { continue }
            if n < 0 { throw .unreadable(path, reason: String(cString: strerror(errno))) }
            if n == 0 { break }
            if limit > 0, n > limit - bytes.count { throw .tooLarge(path, limit: limit) }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }

    /// Waits for `fd` to have something to read, until `deadline`.
    private static func waitReadable(_ fd: Int32, name path: String, until deadline: Double, seconds: Double)
        throws(BehaveError)
    {
        while true {
            let left = deadline - Platform.monotonicSeconds()
            if left <= 0 {
                throw .unreadable(
                    path, reason: "its end did not come within the time limit of \(Limits.formatSeconds(seconds))")
            }
            if Platform.waitReadable(fd, milliseconds: Int32(min(left, 3600) * 1000) + 1) { return }
        }
    }
}
