import Foundation

/// A real HTTP server on 127.0.0.1 (Tests/Support/behave-test-server.py), scripted per test through the
/// routes it reads on every request.
package final class TestServer {
    /// What the server does for one path (see the script's docstring).
    package struct Route: Encodable {
        package var status: Int?
        package var body: String?
        package var file: String?
        package var generate: Int?
        package var content_type: String?
        package var etag: String?
        package var last_modified: String?
        package var delay: Double?
        package var chunked: Bool?
        package var truncate: Int?
        package var redirect: String?
        package var require_header: [String: String]?
        /// `"headers"`: nothing is ever sent; `"body"`: the headers and part of the body, then nothing.
        package var stall: String?
        /// A header of this many bytes is added.
        package var header_bytes: Int?

        package init(
            status: Int? = nil, body: String? = nil, file: String? = nil, generate: Int? = nil,
            content_type: String? = nil, etag: String? = nil, last_modified: String? = nil,
            delay: Double? = nil, chunked: Bool? = nil, truncate: Int? = nil, redirect: String? = nil,
            require_header: [String: String]? = nil, stall: String? = nil, header_bytes: Int? = nil
        ) {
            self.status = status
            self.body = body
            self.file = file
            self.generate = generate
            self.content_type = content_type
            self.etag = etag
            self.last_modified = last_modified
            self.delay = delay
            self.chunked = chunked
            self.truncate = truncate
            self.redirect = redirect
            self.require_header = require_header
            self.stall = stall
            self.header_bytes = header_bytes
        }

        package static func body(_ text: String, contentType: String? = nil, etag: String? = nil) -> Route {
            Route(body: text, content_type: contentType, etag: etag)
        }
    }

    /// One request as the server saw it.
    package struct Request: Decodable {
        package var path: String
        package var status: Int
        package var if_none_match: String?
        package var if_modified_since: String?
        package var user_agent: String?
        package var authorization: String?
        package var last_event_id: String?
    }

    package let directory: URL
    package let port: Int
    private let process: Process
    private let lifeline = Pipe()

    /// The scheme it speaks: `https` when started with a certificate.
    package let scheme: String

    /// A server on 127.0.0.1; with `tls` (a PEM certificate and key) it speaks https.
    package init(tls: (certificate: String, key: String)? = nil) throws {
        directory = try Tool.temporaryDirectory()
        scheme = tls == nil ? "http" : "https"
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "python3", Tool.root.appendingPathComponent("Tests/Support/behave-test-server.py").path,
                directory.path,
            ] + (tls.map { [$0.certificate, $0.key] } ?? [])
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = lifeline  // the server exits when this closes, even if the tests crash
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let data = out.fileHandleForReading.availableData
            guard !data.isEmpty else { throw ServerError.didNotStart }
            line.append(data)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            throw ServerError.didNotStart
        }
        self.port = port
    }

    package enum ServerError: Error { case didNotStart }

    /// `http://127.0.0.1:PORT` + `path` (`https` for a server with a certificate).
    package func url(_ path: String) -> String { "\(scheme)://127.0.0.1:\(port)\(path)" }

    /// A throwaway certificate authority and server certificates, made now in a fresh directory
    /// (make-test-certificates.py): `ca.pem`, and `good`, `expired`, `wronghost` `.pem` and `.key`.
    package static func makeCertificates() throws -> URL {
        let directory = try Tool.temporaryDirectory()
        let result = try Tool.run(
            [
                "python3", Tool.root.appendingPathComponent("Tests/Support/make-test-certificates.py").path,
                directory.path,
            ],
            program: URL(fileURLWithPath: "/usr/bin/env"))
        guard result.status == 0 else { throw ServerError.didNotStart }
        return directory
    }

    /// The certificate and key named `name` (good, expired, wronghost) of ``makeCertificates()``'s `directory`.
    package static func pair(_ name: String, in directory: URL) -> (certificate: String, key: String) {
        (directory.appendingPathComponent(name + ".pem").path, directory.appendingPathComponent(name + ".key").path)
    }

    /// Replaces every route.
    package func serve(_ routes: [String: Route]) throws {
        let data = try JSONEncoder().encode(routes)
        try data.write(to: directory.appendingPathComponent("routes.json"), options: .atomic)
    }

    /// Every request so far, oldest first.
    package func requests() throws -> [Request] {
        let url = directory.appendingPathComponent("requests.jsonl")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map { try JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
    }

    /// Stops answering: later connections are refused.
    package func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)  // cannot be blocked or ignored: the port is closed on return
        process.waitUntilExit()
    }

    deinit { stop() }
}
