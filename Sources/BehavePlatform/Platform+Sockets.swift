extension Platform {
    /// A TCP socket listening on 127.0.0.1 only, at `port` (0: one the system picks); the socket
    /// and the port it listens on, or nil with errno set.
    package static func listenLoopback(port: Int) -> (fd: Int32, port: Int)? {
        #if canImport(Darwin)
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #else
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { return nil }
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(clamping: port)).bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, listen(fd, 1) == 0 else {
            close(fd)
            return nil
        }
        var actual = sockaddr_in()
        var actualLength = length
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &actualLength) }
        }
        return (fd, Int(UInt16(bigEndian: actual.sin_port)))
    }

    /// The next client of a listening socket, or -1.
    package static func acceptClient(_ fd: Int32) -> Int32 {
        while true {
            let client = accept(fd, nil, nil)
            if client >= 0 || errno != EINTR { return client }
        }
    }
}
