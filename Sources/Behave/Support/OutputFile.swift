import BehavePlatform

/// A file the user names for a command's whole output (`--junit`, `--coverage`, `--record`, a
/// test file, a key, a signature): written where the name leads, and never by replacing anything
/// but a regular file.
///
/// A regular file, or no file, is written with ``AtomicFile``: whole or not at all. A symbolic
/// link is followed, and the file it leads to is written that way beside itself (the temporary
/// file in the target's directory), so the link stays a link. A file the tool's standard output
/// or error already goes to (`/dev/stdout`, a link to `/proc/self/fd/1`) gets the bytes after
/// what was printed there. Any other character device or FIFO (`/dev/null`, a pipe) is written
/// into as it is; a FIFO that no process reads is refused rather than waited on. A directory, a
/// block device or a socket is refused: what is there stays.
package enum OutputFile {
    /// Writes `bytes` to what `path` names, as the type says; `mode` and `replacing` are
    /// ``AtomicFile/write(_:to:mode:replacing:)``'s, for the file written atomically. Errors
    /// name `path` as the user gave it.
    package static func write(
        _ bytes: [UInt8], to path: String, mode: mode_t = 0o644, replacing: Bool = true
    ) throws(AtomicWriteError) {
        var info = stat()
        let found = stat(path, &info) == 0
        if !found && errno != ENOENT { throw AtomicWriteError(path: path, errno: errno) }
        if found {
            if let stream = standardStream(sameAs: info) {
                // What the tool printed comes first, as it would with the output in one stream.
                StandardOutput.flush()
                return try writeAll(bytes, to: stream, path: path)
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFCHR, S_IFIFO: if try writeInto(bytes, path) { return }
            case S_IFDIR: throw AtomicWriteError(path: path, reason: "is a directory")
            default: throw AtomicWriteError(path: path, reason: "is not a regular file, a character device or a FIFO")
            }
        }
        let target = try linkTarget(path)
        if found {
            // A link of /proc names a file it cannot be renamed over when that file has no name left.
            var reached = stat()
            guard lstat(target, &reached) == 0, reached.st_dev == info.st_dev, reached.st_ino == info.st_ino else {
                throw AtomicWriteError(path: path, reason: "leads to a file that cannot be replaced by its name")
            }
        }
        do { try AtomicFile.write(bytes, to: target, mode: mode, replacing: replacing) } catch {
            throw AtomicWriteError(path: path, reason: error.reason)
        }
    }

    /// The standard output or error (1 or 2) when it is the file `info` describes.
    private static func standardStream(sameAs info: stat) -> Int32? {
        for fd: Int32 in [1, 2] {
            var stream = stat()
            if fstat(fd, &stream) == 0, stream.st_dev == info.st_dev, stream.st_ino == info.st_ino { return fd }
        }
        return nil
    }

    /// Writes into the character device or FIFO at `path` as it is. False when it is a regular
    /// file by the time it is opened: nothing was written, and the caller's check that the name
    /// still leads to what it first found refuses it.
    private static func writeInto(_ bytes: [UInt8], _ path: String) throws(AtomicWriteError) -> Bool {
        // Without O_NONBLOCK, opening a FIFO waits for a reader, unbounded; with it, no reader is ENXIO.
        let fd = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            var named = stat()
            if code == ENXIO, stat(path, &named) == 0, (named.st_mode & S_IFMT) == S_IFIFO {
                throw AtomicWriteError(path: path, reason: "a FIFO that no process reads")
            }
            throw AtomicWriteError(path: path, errno: code)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw AtomicWriteError(path: path, errno: errno) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return false
        case S_IFCHR, S_IFIFO: break
        default: throw AtomicWriteError(path: path, reason: "is not a regular file, a character device or a FIFO")
        }
        try writeAll(bytes, to: fd, path: path)
        return true
    }

    /// Writes every byte to `fd`, waiting while a pipe or device is full.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(AtomicWriteError) {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Platform.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                Platform.waitWritable(fd, milliseconds: -1)
                continue
            }
            guard n > 0 else { throw AtomicWriteError(path: path, errno: n < 0 ? errno : EIO) }
            written += n
        }
    }

    /// Where the chain of symbolic links that starts at `path` ends (`path` itself when it is no
    /// link): a name that may not exist yet, which the write then makes.
    private static func linkTarget(_ path: String) throws(AtomicWriteError) -> String {
        var current = path
        // As many links as the kernel follows in one path (40), and the name they lead to.
        for _ in 0...40 {
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { throw AtomicWriteError(path: path, errno: errno) }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // A relative link is relative to the directory the link is in.
            if target.hasPrefix("/") {
                current = target
            } else if let slash = current.lastIndex(of: "/") {
                current = String(current[...slash]) + target
            } else {
                current = target
            }
        }
        throw AtomicWriteError(path: path, errno: ELOOP)
    }
}
