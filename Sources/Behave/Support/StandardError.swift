import CBehave

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Unbuffered writes to the process's stderr, and the flush of its buffered stdout.
package enum StandardError {
    /// Writes out what `print` has buffered for stdout (before stderr is written, or a wait).
    /// Returns why stdout could not take it (a full disk, a closed pipe), or nil.
    @discardableResult
    package static func flushOutput() -> String? {
        behave_flush_stdout() != 0 ? nil : String(cString: strerror(errno))
    }

    /// Writes `text` as is, to stderr or to `fd` (the REPL writes its terminal output this way).
    package static func write(_ text: String, to fd: Int32 = 2) {
        var copy = text
        copy.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n <= 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += n
            }
        }
    }
}
