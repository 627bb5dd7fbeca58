import BehavePlatform

/// Writing a file so that a crash, a full disk or a race leaves either the old file or the new one,
/// never part of either: a temporary file in the same directory, `fsync`, then `rename(2)` (or `link(2)`
/// when an existing file must not be replaced), then `fsync` of the directory.
package enum AtomicFile {
    /// How the names of the temporary files it writes begin: what a crash leaves behind.
    package static let temporaryPrefix = ".tmp-"

    /// Writes `bytes` to `path`. With `replacing: false`, an existing `path` is an error and stays as it was.
    package static func write(
        _ bytes: [UInt8], to path: String, mode: mode_t = 0o644,
        replacing: Bool = true
    ) throws(AtomicWriteError) {
        let directory = LexicalPath.directory(of: path)
        let temporary = temporaryName(beside: path)
        let fd = FailurePoint.pass() ? open(temporary, O_WRONLY | O_CREAT | O_EXCL, mode) : -1
        guard fd >= 0 else { throw AtomicWriteError(path: path, errno: errno) }
        var written = 0
        while written < bytes.count {
            let n =
                FailurePoint.pass()
                ? bytes.withUnsafeBytes { Platform.write(fd, $0.baseAddress! + written, $0.count - written) } : -1
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw failure(path, fd: fd, temporary: temporary) }
            written += n
        }
        guard FailurePoint.pass(), fsync(fd) == 0 else { throw failure(path, fd: fd, temporary: temporary) }
        close(fd)
        if replacing {
            guard FailurePoint.pass(), rename(temporary, path) == 0 else {
                throw failure(path, fd: nil, temporary: temporary)
            }
        } else {
            // link(2) fails when the name is taken, even if it was taken a moment ago; rename would replace it.
            guard FailurePoint.pass(), link(temporary, path) == 0 else {
                let code = errno
                unlink(temporary)
                throw code == EEXIST
                    ? AtomicWriteError(path: path, reason: "already exists") : AtomicWriteError(path: path, errno: code)
            }
            unlink(temporary)
        }
        syncDirectory(directory)
    }

    /// A fresh name in the directory of `path`, for a file that becomes `path` by a rename.
    private static func temporaryName(beside path: String) -> String {
        let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        return folder + temporaryPrefix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Gives the file at `existing` a second name, `path`, replacing whatever `path` was: a link
    /// made under a temporary name, then renamed over `path`. `existing` is never moved or
    /// changed, so it stays whole whatever happens meanwhile.
    package static func keepCopy(of existing: String, at path: String) throws(AtomicWriteError) {
        let directory = LexicalPath.directory(of: path)
        let temporary = temporaryName(beside: path)
        guard FailurePoint.pass(), link(existing, temporary) == 0 else {
            throw AtomicWriteError(path: path, errno: errno)
        }
        guard FailurePoint.pass(), rename(temporary, path) == 0 else {
            throw failure(path, fd: nil, temporary: temporary)
        }
        syncDirectory(directory)
    }

    /// Removes the file at `path` (nothing when there is none), and makes the removal durable.
    package static func remove(_ path: String) throws(AtomicWriteError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw AtomicWriteError(path: path, errno: errno) }
        syncDirectory(LexicalPath.directory(of: path))
    }

    /// `fsync` of a directory: the names just made in it reach the disk.
    private static func syncDirectory(_ directory: String) {
        let directoryFD = open(directory.isEmpty ? "/" : directory, O_RDONLY)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// Creates `directory` and its missing parents (mode 700), like `mkdir -p`.
    package static func makeDirectories(_ directory: String) throws(AtomicWriteError) {
        var prefix = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST { throw AtomicWriteError(path: prefix, errno: errno) }
        }
        // mkdir says EEXIST for a file too: what is there must be a directory to write into.
        var info = stat()
        if stat(directory, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
            throw AtomicWriteError(path: directory, reason: "not a directory")
        }
    }

    private static func failure(_ path: String, fd: Int32?, temporary: String) -> AtomicWriteError {
        let error = AtomicWriteError(path: path, errno: errno)
        if let fd { close(fd) }
        unlink(temporary)
        return error
    }
}
