import Foundation

/// A real HTTP server on 127.0.0.1 (Tests/Support/behave-test-server.py), scripted per test through the
/// routes it reads on every request.
final class TestServer {
    /// What the server does for one path (see the script's docstring).
    struct Route: Encodable {
        var status: Int?
        var body: String?
        var file: String?
        var generate: Int?
        var content_type: String?
        var etag: String?
        var last_modified: String?
        var delay: Double?
        var chunked: Bool?
        var truncate: Int?
        var redirect: String?

        static func body(_ text: String, contentType: String? = nil, etag: String? = nil) -> Route {
            Route(body: text, content_type: contentType, etag: etag)
        }
    }

    /// One request as the server saw it.
    struct Request: Decodable {
        var path: String
        var status: Int
        var if_none_match: String?
        var if_modified_since: String?
    }

    let directory: URL
    let port: Int
    private let process: Process
    private let lifeline = Pipe()

    init() throws {
        directory = try Tool.temporaryDirectory()
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Tool.root.appendingPathComponent("Tests/Support/behave-test-server.py").path,
                             directory.path]
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
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw ServerError.didNotStart
        }
        self.port = port
    }

    enum ServerError: Error { case didNotStart }

    /// `http://127.0.0.1:PORT` + `path`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Replaces every route.
    func serve(_ routes: [String: Route]) throws {
        let data = try JSONEncoder().encode(routes)
        try data.write(to: directory.appendingPathComponent("routes.json"), options: .atomic)
    }

    /// Every request so far, oldest first.
    func requests() throws -> [Request] {
        let url = directory.appendingPathComponent("requests.jsonl")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map { try JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
    }

    /// Stops answering: later connections are refused.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)  // cannot be blocked or ignored: the port is closed on return
        process.waitUntilExit()
    }

    deinit { stop() }
}
