import Foundation

/// A real collector of health reports on 127.0.0.1: Debian's nginx, started as ``PubSubServer``
/// starts it, storing the body of every POST to `/behave` verbatim, one body after the other, in
/// `health.jsonl` of its directory (``collected()``). `/collect-503` answers 503 and stores nothing.
///
/// nginx fills `$request_body` only for a body it reads for a proxy, so `/behave` passes each
/// request on to a second server, on the other port, which answers 204; the body is logged, unescaped,
/// when the request ends. A body ending with a newline is followed by the log's own: a blank line
/// between batches.
package final class HealthCollector: @unchecked Sendable {
    private let server: PubSubServer

    /// Configures and starts the collector with the repository's deploy/health/collector.conf,
    /// as docs/fleet.md deploys it, on 127.0.0.1 and with one more location that always fails.
    package init() throws {
        let deployed = try String(
            contentsOf: PubSubServer.root.appendingPathComponent("deploy/health/collector.conf"), encoding: .utf8)
        server = try PubSubServer(tls: false) { directory, port, backendPort in
            let configuration =
                deployed
                .replacingOccurrences(
                    of: "listen 443 ssl;  # with ssl_certificate and ssl_certificate_key, as any https server",
                    with: "listen 127.0.0.1:\(port);"
                )
                .replacingOccurrences(of: "/var/log/nginx/behave-health.jsonl", with: "\(directory)/health.jsonl")
                .replacingOccurrences(of: "127.0.0.1:8081", with: "127.0.0.1:\(backendPort)")
                .replacingOccurrences(
                    of: "location = /behave {",
                    with: "location = /collect-503 { return 503; }\n    location = /behave {")
            return """
                worker_processes 1;
                events { worker_connections 256; }
                http {
                    access_log off;
                    client_body_temp_path \(directory)/body;
                \(configuration)
                }
                """
        }
    }

    /// Where reports are posted and stored.
    package var url: String { "http://127.0.0.1:\(server.port)/behave" }

    /// Where posting always fails: 503, nothing stored.
    package var unavailableURL: String { "http://127.0.0.1:\(server.port)/collect-503" }

    /// The bodies stored so far, as the file holds them.
    package func collected() -> [UInt8] {
        (try? [UInt8](Data(contentsOf: server.directory.appendingPathComponent("health.jsonl")))) ?? []
    }

    /// The stored lines that are not blank, once there are at least `count` of them, or those stored
    /// within `seconds`: nginx writes a request's log line just after its answer, so a client may
    /// look before it is there.
    package func collectedLines(atLeast count: Int, seconds: Double = 10) -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let lines = storedLines()
            if lines.count >= count || Date() >= deadline { return lines }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// ``collectedLines(atLeast:seconds:)`` for an async test: it waits without holding a thread
    /// of the pool, which the reporter sending the reports may need.
    package func lines(atLeast count: Int, seconds: Double = 10) async -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let lines = storedLines()
            if lines.count >= count || Date() >= deadline { return lines }
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
    }

    /// The stored lines that are not blank (a blank line follows each batch).
    private func storedLines() -> [String] {
        String(decoding: collected(), as: UTF8.self).split(separator: "\n").map(String.init)
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// Stops nginx.
    package func stop() { server.stop() }

    /// What nginx logged.
    package func log() -> String { server.log() }
}
