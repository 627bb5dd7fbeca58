extension Platform {
    /// What tells a file's changes apart: its modification time in nanoseconds and its size, or
    /// nil when it cannot be read.
    package static func fileStamp(_ path: String) -> [Int64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
            let time = info.st_mtimespec
        #else
            let time = info.st_mtim
        #endif
        return [Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec), Int64(info.st_size)]
    }
}

extension Platform {
    /// The names in `directory` (without `.` and `..`) and whether each is a directory, sorted by
    /// name; nil when it cannot be read. A symbolic link counts as what it points to.
    package static func directoryEntries(_ directory: String) -> [(name: String, isDirectory: Bool)]? {
        guard let stream = opendir(directory) else { return nil }
        defer { closedir(stream) }
        var entries: [(name: String, isDirectory: Bool)] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var info = stat()
            let isDirectory = stat(directory + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            entries.append((name, isDirectory))
        }
        return entries.sorted { $0.name < $1.name }
    }
}

extension Platform {
    /// Runs `body` holding an exclusive lock on the file at `path` (made when missing), shared by
    /// every process that locks it: a read, then a write of what was read, is not lost to another
    /// process's write in between. Waits at most `seconds` for the lock, then returns nil
    /// without running `body`: a lock held by a process that hangs never holds this one. After
    /// nil, `errno` says why: `EWOULDBLOCK` for a lock held past `seconds`, else why the file
    /// could not be opened (a read-only file system, a path through a file).
    package static func withFileLock<T>(_ path: String, seconds: Double, _ body: () throws -> T) rethrows -> T? {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        defer { close(fd) }  // releases the lock
        let deadline = monotonicSeconds() + seconds
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, monotonicSeconds() < deadline else { return nil }
            usleep(1000)
        }
        return try body()
    }

    /// Why ``withFileLock(_:seconds:_:)`` just returned nil, in words: read before anything else
    /// can change `errno`.
    package static func lockFailure() -> String {
        let code = errno
        return code == EWOULDBLOCK || code == EINTR ? "another process holds it" : String(cString: strerror(code))
    }
}

extension Platform {
    /// `path` with every link, `.` and `..` resolved, from the root; nil when it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

extension Platform {
    /// The process's working directory ("." when it cannot be read).
    package static var currentDirectory: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
