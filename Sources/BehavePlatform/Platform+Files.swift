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
