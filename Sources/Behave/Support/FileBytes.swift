import BehaveLua
import BehavePlatform

/// Reading whole files without Foundation, never past a size limit: `/dev/zero` or a runaway pipe
/// is refused at the limit, not read until memory runs out.
package enum FileBytes {
    /// The whole file at `path`, or why it cannot be read. `limit` is the most bytes it may hold
    /// (0 for no limit).
    package static func read(_ path: String, limit: Int) throws(BehaveError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw .unreadable(path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        var expected = 0
        if fstat(fd, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { throw .unreadable(path, reason: "is a directory") }
            // A regular file says its size: refuse it before reading, and read it into a buffer of
            // exactly that size (a growing buffer holds up to twice the file at its peak).
            if (info.st_mode & S_IFMT) == S_IFREG {
                expected = Int(info.st_size)
                if limit > 0, expected > limit { throw .tooLarge(path, limit: limit) }
            }
        }
        return try read(fd: fd, name: path, limit: limit, expected: expected)
    }

    /// Everything left to read from `fd` (a pipe too: stdin is `read(fd: 0, name: "stdin", …)`);
    /// `name` is what an error calls it. Stops with ``BehaveError/tooLarge(_:limit:)`` as soon as
    /// more than `limit` bytes arrive (0 for no limit).
    package static func read(fd: Int32, name path: String, limit: Int, expected: Int = 0) throws(BehaveError)
        -> [UInt8]
    {
        var bytes: [UInt8] = []
        // One byte more than expected, so that reaching the end needs no second buffer.
        bytes.reserveCapacity(expected + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Platform.read(fd, into: $0) }
            if n < 0 { throw .unreadable(path, reason: String(cString: strerror(errno))) }
            if n == 0 { break }
            if limit > 0, n > limit - bytes.count { throw .tooLarge(path, limit: limit) }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }
}
