import Foundation

/// A real pub/sub server on 127.0.0.1: Debian's nginx with the nchan module, configured with the
/// repository's deploy/nchan/live-subscribe.conf and live-publish.conf, as docs/live.md deploys
/// them. Devices subscribe at `/sub/CHANNEL`; ``publish(_:to:)`` posts to `/pub/CHANNEL`.
///
/// Sendable by hand: a test starts and stops it from one task; another task only publishes and counts.
package final class PubSubServer: @unchecked Sendable {
    package let directory: URL
    package private(set) var port: Int
    /// `https` when started with a certificate.
    package let scheme: String
    /// The port publishers use.
    package private(set) var publishPort: Int
    private var process: Process?

    /// Configures and starts a server; with `tls` (a PEM certificate and key) it speaks https and
    /// wss; with `token`, subscribers must send `Authorization: Bearer TOKEN`.
    package convenience init(tls: (certificate: String, key: String)? = nil, token: String? = nil) throws {
        let deploy = Tool.root.appendingPathComponent("deploy/nchan").path
        let admit = token.map { "default 0; \"Bearer \($0)\" 1;" } ?? "default 1;"
        try self.init(tls: tls != nil) { directory, port, _ in
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
                        include \(deploy)/live-publish.conf;
                    }
                }
                """
        }
    }

    /// A server with the configuration `configure` writes, given the server's directory, the port
    /// devices connect to, and the port publishers use (the same one, unless the configuration
    /// listens on both).
    ///
    /// The ports are drawn below Linux's ephemeral range, so that no server the tests start on
    /// port 0 (behave-test-server.py) takes one between the draw and nginx's bind; one another
    /// test's nginx took is drawn again.
    package init(tls: Bool, configure: (String, Int, Int) throws -> String) throws {
        directory = try Tool.temporaryDirectory()
        scheme = tls ? "https" : "http"
        var attempt = 0
        while true {
            attempt += 1
            port = Int.random(in: 20_000..<32_000)
            var other = Int.random(in: 20_000..<32_000)
            while other == port { other = Int.random(in: 20_000..<32_000) }
            let configuration = try configure(directory.path, port, other)
            publishPort = configuration.contains("127.0.0.1:\(other)") ? other : port
            try configuration.write(
                to: directory.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
            guard !Self.accepts(port), !Self.accepts(publishPort) else { continue }
            do {
                try start()
                return
            } catch  where attempt < 10 {
                continue
            }
        }
    }

    /// The address publishers post to: `…/pub`, to which a channel's name is added.
    package var publishURL: String {
        publishPort == port ? "\(scheme)://127.0.0.1:\(port)/pub" : "http://127.0.0.1:\(publishPort)/pub"
    }

    /// `SCHEME://127.0.0.1:PORT/sub/CHANNEL`, or with `ws` the WebSocket scheme.
    package func url(_ channel: String, webSocket: Bool = false) -> String {
        let scheme = webSocket ? (self.scheme == "https" ? "wss" : "ws") : self.scheme
        return "\(scheme)://127.0.0.1:\(port)/sub/\(channel)"
    }

    /// Publishes `body` as one message on `channel`.
    package func publish(_ body: String, to channel: String) throws {
        let result = try curl(
            ["-X", "POST", "--data-binary", "@-", "-o", "/dev/null", "-w", "%{http_code}"], channel, body)
        guard result.stdout.hasPrefix("20") else { throw ServerError.refused(result.stdout + result.stderr) }
    }

    /// How many subscribers `channel` has now (nchan's channel info).
    package func subscribers(_ channel: String) throws -> Int {
        let result = try curl([], channel, nil)
        // nchan's channel info: lines ending with CRLF.
        let line = result.stdout.split(whereSeparator: \.isNewline).first { $0.hasPrefix("active subscribers:") }
        return line.flatMap { Int($0.dropFirst("active subscribers:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
    }

    /// Waits until `channel` has at least `count` subscribers, up to `seconds`.
    package func waitForSubscribers(_ count: Int, on channel: String, seconds: Double = 30) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while try subscribers(channel) < count {
            guard Date() < deadline else { throw ServerError.noSubscriber("\(channel): \(try curl([], channel, nil))") }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
    }

    /// Stops the server at once (SIGKILL to nginx's master and worker): connections drop, new ones
    /// are refused.
    package func stop() {
        guard let process, process.isRunning else { return }
        let master = process.processIdentifier
        let children = (try? String(contentsOfFile: "/proc/\(master)/task/\(master)/children", encoding: .utf8)) ?? ""
        kill(master, SIGKILL)
        for child in children.split(separator: " ").compactMap({ Int32($0) }) { kill(child, SIGKILL) }
        process.waitUntilExit()
        while Self.accepts(port) { Thread.sleep(forTimeInterval: 0.02) }
    }

    /// Starts the server (again), on the same port, and waits until it answers.
    package func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
        process.arguments = [
            "-p", directory.path, "-c", directory.appendingPathComponent("nginx.conf").path, "-e",
            directory.appendingPathComponent("error.log").path, "-g",
            "daemon off; pid \(directory.path)/nginx.pid; error_log \(directory.path)/error.log warn;",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(10)
        while !Self.accepts(port) {
            guard process.isRunning, Date() < deadline else { throw ServerError.didNotStart(log()) }
            Thread.sleep(forTimeInterval: 0.02)
        }
        // A port another server held answers too: nginx, failing to bind it, has exited.
        Thread.sleep(forTimeInterval: 0.05)
        guard process.isRunning else { throw ServerError.didNotStart(log()) }
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

    private func curl(_ options: [String], _ channel: String, _ body: String?) throws -> Tool.Result {
        try Tool.run(
            ["curl", "-s", "--max-time", "10", "-k"] + options + ["\(publishURL)/\(channel)"],
            input: body, program: URL(fileURLWithPath: "/usr/bin/env"))
    }

    private static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

}
