extension Platform {
    /// One read(2) into `buffer`, again when a signal interrupts it: the bytes read, 0 at the end,
    /// -1 on an error (with errno set).
    ///
    /// Qualified here because the types that read and write files have `read` and `write` members
    /// of their own, which would hide the C functions.
    package static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            #if canImport(Glibc)
                let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            #elseif canImport(Musl)
                let n = Musl.read(fd, buffer.baseAddress, buffer.count)
            #else
                let n = Darwin.read(fd, buffer.baseAddress, buffer.count)
            #endif
            if n >= 0 || errno != EINTR { return n }
        }
    }

    /// One write(2) of up to `count` bytes, again when a signal interrupts it: the bytes written,
    /// or -1 on an error (with errno set).
    package static func write(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        while true {
            #if canImport(Glibc)
                let n = Glibc.write(fd, bytes, count)
            #elseif canImport(Musl)
                let n = Musl.write(fd, bytes, count)
            #else
                let n = Darwin.write(fd, bytes, count)
            #endif
            if n >= 0 || errno != EINTR { return n }
        }
    }
}
