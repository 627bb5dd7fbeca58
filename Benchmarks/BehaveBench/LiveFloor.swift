#if Remote
    import Foundation
    import PubSubFixture

    /// The floor under the live latency rows: the same fan-out — `liveDevices` server-sent events
    /// subscribers on one nchan channel, a state every 20 ms — read by one thread polling plain
    /// sockets, with none of Behave's code: no host, no Lua, no HTTP client, no tasks. Returns
    /// each state's publish-to-read latencies, in seconds.
    func liveFloorRound() throws -> [Double] {
        let server = try PubSubServer()
        defer { server.stop() }
        var sockets: [Int32] = []
        defer { for fd in sockets { close(fd) } }
        let request = Array(
            "GET /sub/floor HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".utf8)
        for _ in 0..<liveDevices {
            guard let fd = PubSubServer.connected(to: server.port) else { throw FloorError.cannotConnect }
            _ = request.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            sockets.append(fd)
        }
        let deadline = Date().addingTimeInterval(60)
        while try server.subscribers("floor") < liveDevices, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let states = 50
        var published = [Double](repeating: 0, count: states + 1)
        let reader = FloorReader(sockets, states: states)
        let thread = Thread { reader.read() }
        thread.start()
        for n in 1...states {
            published[n] = now()
            try server.publish(#"{"event": "STATE", "data": {"n": \#(n)}}"#, to: "floor")
            Thread.sleep(forTimeInterval: 0.02)
        }
        reader.done.wait()
        return reader.arrivals.map { $0.at - published[$0.state] }
    }

    enum FloorError: Error { case cannotConnect }

    /// Reads every socket until each has had every state, noting when each state came.
    final class FloorReader: @unchecked Sendable {
        let sockets: [Int32]
        let states: Int
        private(set) var arrivals: [(state: Int, at: Double)] = []
        let done = DispatchSemaphore(value: 0)

        init(_ sockets: [Int32], states: Int) {
            self.sockets = sockets
            self.states = states
        }

        func read() {
            var polled = sockets.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            var seen = [Int](repeating: 0, count: sockets.count)
            var buffer = [UInt8](repeating: 0, count: 65536)
            let marker = Array(#""n": "#.utf8)
            let until = now() + 60
            while seen.contains(where: { $0 < states }), now() < until {
                guard poll(&polled, nfds_t(polled.count), 100) > 0 else { continue }
                for index in polled.indices where polled[index].revents & Int16(POLLIN) != 0 {
                    let got = buffer.withUnsafeMutableBytes { recv(polled[index].fd, $0.baseAddress, $0.count, 0) }
                    guard got > 0 else { continue }
                    let at = now()
                    // Each message carries `"n": N`: one arrival per marker in what was read.
                    var offset = 0
                    while let start = find(marker, in: buffer[..<got], from: offset) {
                        var value = 0
                        var digit = start + marker.count
                        while digit < got, buffer[digit] >= 0x30, buffer[digit] <= 0x39 {
                            value = value * 10 + Int(buffer[digit] - 0x30)
                            digit += 1
                        }
                        arrivals.append((value, at))
                        seen[index] += 1
                        offset = digit
                    }
                }
            }
            done.signal()
        }

        private func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>, from: Int) -> Int? {
            guard haystack.count >= needle.count else { return nil }
            var index = from
            while index + needle.count <= haystack.endIndex {
                if haystack[index] == needle[0], Array(haystack[index..<index + needle.count]) == needle {
                    return index
                }
                index += 1
            }
            return nil
        }
    }
#endif
