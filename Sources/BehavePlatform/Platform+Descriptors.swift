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

extension Platform {
    /// Waits until `fd` can be read without blocking (data, or its end), at most `milliseconds`
    /// (-1: no bound). True when it can; false when the time ran out or a signal came first
    /// (the caller decides whether to wait again). An error of the descriptor itself counts as
    /// readable: the read that follows reports it.
    package static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let n = poll(&entry, 1, milliseconds)
        return n > 0 || (n < 0 && errno != EINTR)
    }

    /// Waits until `fd` can be written without blocking, at most `milliseconds` (-1: no bound).
    /// True when it can; false when the time ran out or a signal came first. An error of the
    /// descriptor itself counts as writable: the write that follows reports it.
    @discardableResult
    package static func waitWritable(_ fd: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        let n = poll(&entry, 1, milliseconds)
        return n > 0 || (n < 0 && errno != EINTR)
    }

    /// How many bytes wait in the pipe or socket `fd` to be read; 0 when it cannot say.
    package static func unreadBytes(_ fd: Int32) -> Int {
        var count: Int32 = 0
        #if canImport(Darwin)
            // Apple's header builds FIONREAD with a macro Swift cannot import: _IOR('f', 127, int).
            let request: UInt = 0x4004_667F
        #else
            let request = UInt(FIONREAD)
        #endif
        let answered = withUnsafeMutablePointer(to: &count) { ioctl(fd, request, $0) }
        return answered == 0 ? Int(count) : 0
    }

    /// Whether `fd` is a terminal: a person typing, whom no time limit hurries.
    package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }
}

extension Platform {
    /// Seconds on a clock that only moves forward, for deadlines.
    package static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
