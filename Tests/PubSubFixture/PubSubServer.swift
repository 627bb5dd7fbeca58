import Foundation

/// A real pub/sub server on 127.0.0.1: Debian's nginx with the nchan module, configured with the
/// repository's deploy/nchan/live-subscribe.conf and live-publish.conf, as docs/live.md deploys
/// them. Devices subscribe at `/sub/CHANNEL` on ``port``; ``publish(_:to:)`` posts to
/// `/pub/CHANNEL` on ``publishPort``, plain http on 127.0.0.1, as the deployment's presenter does.
///
/// nginx is spawned and reaped with posix_spawn and waitpid, and publishing and counting
/// subscribers are HTTP over a socket, so that nothing the fixture does waits for a thread of a
/// pool (Dispatch's, through Foundation's `Process` and pipes) that the rest of the suite keeps busy.
///
/// Sendable by hand: a test starts and stops it from one task; another task only publishes and counts.
/// A target of its own, apart from BehaveTestSupport, so that the bench's live rows use it too.
package final class PubSubServer: @unchecked Sendable {
    package let directory: URL
    /// Where devices connect.
    package private(set) var port: Int
    /// Where publishers post, plain http.
    package private(set) var publishPort: Int
    /// `https` when started with a certificate.
    package let scheme: String
    private var master: pid_t?

    /// Configures and starts a server; with `tls` (a PEM certificate and key) devices connect over
    /// https and wss; with `token`, subscribers must send `Authorization: Bearer TOKEN`.
    package convenience init(tls: (certificate: String, key: String)? = nil, token: String? = nil) throws {
        let deploy = Self.root.appendingPathComponent("deploy/nchan").path
        let admit = token.map { "default 0; \"Bearer \($0)\" 1;" } ?? "default 1;"
        try self.init(tls: tls != nil) { directory, port, publishPort in
            let listen = tls.map {
                "listen 127.0.0.1:\(port) ssl; ssl_certificate \($0.certificate); ssl_certificate_key \($0.key);"
            }
            return """
                load_module /usr/lib/nginx/modules/ngx_nchan_module.so;
                worker_processes 1;
                events { worker_connections 4096; }
                http {
                    access_log off;
                    client_body_temp_path \(directory)/body;
                    map $http_authorization $behave_subscriber_ok { \(admit) }
                    server {
                        \(listen ?? "listen 127.0.0.1:\(port);")
                        include \(deploy)/live-subscribe.conf;
                    }
                    server {
                        listen 127.0.0.1:\(publishPort);
                        include \(deploy)/live-publish.conf;
                    }
                }
                """
        }
    }

    /// A server with the configuration `configure` writes, given the server's directory, the port
    /// devices connect to, and the port publishers use.
    ///
    /// The ports are drawn below Linux's ephemeral range, so that no server the tests start on
    /// port 0 (behave-test-server.py) takes one between the draw and nginx's bind; one another
    /// test's nginx took is drawn again.
    package init(tls: Bool, configure: (String, Int, Int) throws -> String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("behave-nchan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        scheme = tls ? "https" : "http"
        var attempt = 0
        while true {
            attempt += 1
            port = Int.random(in: 20_000..<32_000)
            publishPort = Int.random(in: 20_000..<32_000)
            guard port != publishPort, !Self.accepts(port), !Self.accepts(publishPort) else { continue }
            try configure(directory.path, port, publishPort).write(
                to: directory.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
            do {
                try start()
                return
            } catch  where attempt < 10 {
                continue
            }
        }
    }

    /// The repository, whose deploy/nchan configures the server.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The address publishers post to: `…/pub`, to which a channel's name is added.
    package var publishURL: String { "http://127.0.0.1:\(publishPort)/pub" }

    /// Where the presenter reads the devices' replies to `channel`, oldest first (server-sent events).
    package func repliesURL(_ channel: String) -> String { "http://127.0.0.1:\(publishPort)/replies/\(channel)" }

    /// Where a device posts a reply to `channel` (the keynote's votes).
    package func replyURL(_ channel: String) -> String { "\(scheme)://127.0.0.1:\(port)/reply/\(channel)" }

    /// `SCHEME://127.0.0.1:PORT/sub/CHANNEL`, or with `ws` the WebSocket scheme.
    package func url(_ channel: String, webSocket: Bool = false) -> String {
        let scheme = webSocket ? (self.scheme == "https" ? "wss" : "ws") : self.scheme
        return "\(scheme)://127.0.0.1:\(port)/sub/\(channel)"
    }

    /// Publishes `body` as one message on `channel`.
    package func publish(_ body: String, to channel: String) throws {
        let answer = try exchange("POST", channel, body: body)
        guard (200..<300).contains(answer.status) else { throw ServerError.refused("\(answer.status) \(answer.body)") }
    }

    /// How many subscribers `channel` has now (nchan's channel info; 404 for a channel no one
    /// has joined).
    package func subscribers(_ channel: String) throws -> Int {
        Self.subscriberCount(try exchange("GET", channel).body)
    }

    /// How many messages `channel` holds now (`CHANNEL/replies` for the devices' replies to it).
    package func messages(_ channel: String) throws -> Int {
        Self.count("queued messages:", in: try exchange("GET", channel).body)
    }

    /// The devices' replies to `channel` as the presenter reads them (`/replies/CHANNEL`, oldest
    /// first): each message's data, once `count` have come, or those that came within `seconds`.
    package func replies(to channel: String, count: Int, seconds: Double = 60) throws -> [String] {
        guard let fd = Self.connected(to: publishPort) else { throw ServerError.refused("cannot connect") }
        defer { close(fd) }
        let request = Array(
            "GET /replies/\(channel) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var text: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let deadline = Date().addingTimeInterval(seconds)
        var data: [String] = []
        while data.count < count, Date() < deadline {
            let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if got == 0 { break }
            if got > 0 { text.append(contentsOf: buffer[..<got]) }
            data = String(decoding: text, as: UTF8.self).split(separator: "\n")
                .filter { $0.hasPrefix("data: ") }.map { String($0.dropFirst("data: ".count)) }
        }
        return data
    }

    /// The subscriber count in nchan's channel info.
    private static func subscriberCount(_ info: String) -> Int { count("active subscribers:", in: info) }

    /// The number after `field` in nchan's channel info: lines ending with CRLF.
    private static func count(_ field: String, in info: String) -> Int {
        let line = info.split(whereSeparator: \.isNewline).first { $0.hasPrefix(field) }
        return line.flatMap { Int($0.dropFirst(field.count).trimmingCharacters(in: .whitespaces)) } ?? 0
    }

    /// Waits until `channel` has at least `count` subscribers, up to `seconds`.
    package func waitForSubscribers(_ count: Int, on channel: String, seconds: Double = 180) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let answer = try exchange("GET", channel)
            if Self.subscriberCount(answer.body) >= count { return }
            guard Date() < deadline else {
                throw ServerError.noSubscriber("\(channel): last answered \(answer.status) \(answer.body)")
            }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
    }

    /// Stops the server at once (SIGKILL to nginx's master and worker): connections drop, new ones
    /// are refused.
    package func stop() {
        guard let master else { return }
        self.master = nil
        let children = (try? String(contentsOfFile: "/proc/\(master)/task/\(master)/children", encoding: .utf8)) ?? ""
        kill(master, SIGKILL)
        for child in children.split(separator: " ").compactMap({ Int32($0) }) { kill(child, SIGKILL) }
        var status: Int32 = 0
        while waitpid(master, &status, 0) == -1 && errno == EINTR {}
        let deadline = Date().addingTimeInterval(10)
        while Self.accepts(port) && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    }

    /// Starts the server (again), on the same ports, and waits until it answers.
    package func start() throws {
        let arguments = [
            "/usr/sbin/nginx", "-p", directory.path, "-c", directory.appendingPathComponent("nginx.conf").path, "-e",
            directory.appendingPathComponent("error.log").path, "-g",
            "daemon off; pid \(directory.path)/nginx.pid; error_log \(directory.path)/error.log warn;",
        ]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_RDWR, 0)
        }
        closeInheritedDescriptors(&actions)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else {
            throw ServerError.didNotStart("cannot start /usr/sbin/nginx")
        }
        master = pid
        let deadline = Date().addingTimeInterval(10)
        while !(Self.accepts(port) && Self.accepts(publishPort)) {
            guard isRunning(pid), Date() < deadline else { throw ServerError.didNotStart(log()) }
            Thread.sleep(forTimeInterval: 0.02)
        }
        // A port another server held answers too: nginx, failing to bind it, has exited.
        Thread.sleep(forTimeInterval: 0.05)
        guard isRunning(pid) else { throw ServerError.didNotStart(log()) }
    }

    /// What nginx logged.
    package func log() -> String {
        (try? String(contentsOf: directory.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
    }

    package enum ServerError: Error {
        case didNotStart(String)
        case refused(String)
        case noSubscriber(String)
    }

    deinit { stop() }

    /// Whether nginx's master still runs (reaping it, and forgetting it, when it has ended).
    private func isRunning(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == 0 else {
            master = nil
            return false
        }
        return true
    }

    /// One HTTP/1.0 request to `/pub/CHANNEL` on the publishing port: its status and body.
    private func exchange(_ method: String, _ channel: String, body: String = "") throws -> (status: Int, body: String)
    {
        guard let fd = Self.connected(to: publishPort) else { throw ServerError.refused("cannot connect") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = Array(
            "\(method) /pub/\(channel) HTTP/1.0\r\nHost: 127.0.0.1\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                .utf8)
        var sent = 0
        while sent < request.count {
            let wrote = request[sent...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard wrote > 0 else { throw ServerError.refused("cannot send") }
            sent += wrote
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard got > 0 else { break }
            answer.append(contentsOf: buffer[..<got])
        }
        let text = String(decoding: answer, as: UTF8.self)
        let status = text.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
        let start = text.range(of: "\r\n\r\n")?.upperBound ?? text.endIndex
        return (status, String(text[start...]))
    }

    private static func accepts(_ port: Int) -> Bool {
        guard let fd = connected(to: port) else { return false }
        close(fd)
        return true
    }

    /// A socket connected to 127.0.0.1:`port`, or nil.
    package static func connected(to port: Int) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            close(fd)
            return nil
        }
        return fd
    }
}
