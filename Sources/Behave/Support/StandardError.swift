import BehavePlatform

/// Unbuffered writes to the process's stderr.
package enum StandardError {
    /// Writes `text` as is, to stderr or to `fd` (the REPL writes its terminal output this way).
    package static func write(_ text: String, to fd: Int32 = 2) {
        var copy = text
        copy.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Platform.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n <= 0 { return }
                offset += n
            }
        }
    }
}
