#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading whole files without Foundation.
package enum FileBytes {
    /// The whole file at `path`, or why it cannot be read.
    package static func read(_ path: String) throws(BehaveError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw .unreadable(path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw .unreadable(path, reason: "is a directory")
        }
        return try read(fd: fd, name: path)
    }

    /// Everything left to read from `fd` (a pipe too: stdin is `read(fd: 0, name: "stdin")`);
    /// `name` is what an error calls it.
    package static func read(fd: Int32, name path: String) throws(BehaveError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path, reason: String(cString: strerror(errno)))
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }
}
