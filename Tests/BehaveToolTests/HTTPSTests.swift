import BehaveTestSupport
import Foundation
import Testing

/// https end to end: a real TLS server on 127.0.0.1 with a certificate authority made at test
/// time (make-test-certificates.py). `--ca-file` trusts it; an untrusted, expired or wrong-host
/// certificate is refused with one line and falls back like any other failure.
@Suite("Remote behaviours over https")
struct HTTPSTests {
    static let certificates = Result { try TestServer.makeCertificates() }

    /// A TLS server with certificate `name` (good, expired, wronghost) serving the first fixture.
    static func server(_ name: String) throws -> TestServer {
        let directory = try certificates.get()
        let server = try TestServer(
            tls: (
                directory.appendingPathComponent(name + ".pem").path,
                directory.appendingPathComponent(name + ".key").path
            ))
        try server.serve(["/b.json": .body(RemoteFixtures.first)])
        return server
    }

    static var authority: String { (try? certificates.get().appendingPathComponent("ca.pem").path) ?? "" }

    static func behave(_ server: TestServer, _ extra: [String]) throws -> Tool.Result {
        let cache = try Tool.temporaryDirectory().path
        return try Tool.run(["run", server.url("/b.json"), "--cache-dir", cache] + extra)
    }

    @Test("with --ca-file the authority is trusted and the behaviour runs; without it the certificate is refused")
    func trusted() throws {
        let server = try Self.server("good")
        #expect(server.url("/b.json").hasPrefix("https://127.0.0.1:"))
        let ran = try Self.behave(server, ["--ca-file", Self.authority])
        #expect(ran.status == 0, "\(ran.stderr)")
        #expect(ran.stdout == RemoteFixtures.firstOutput)
        let refused = try Self.behave(server, [])
        #expect(refused.status == 69)
        #expect(
            refused.stderr.contains("the certificate of 127.0.0.1:\(server.port) is refused: "), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
    }

    @Test(
        "an expired certificate or one for another host is refused even with the authority trusted; the fallback runs")
    func refused() throws {
        let work = try Tool.temporaryDirectory()
        let fallback = try Tool.write(RemoteFixtures.second, to: "bundled.json", in: work)
        for name in ["expired", "wronghost"] {
            let server = try Self.server(name)
            let result = try Self.behave(server, ["--ca-file", Self.authority, "--fallback", fallback])
            #expect(result.status == 11, "\(name): \(result.stderr)")
            #expect(result.stdout == RemoteFixtures.secondOutput)
            #expect(
                result.stderr.contains("the certificate of 127.0.0.1:\(server.port) is refused: "), "\(result.stderr)")
        }
    }

    @Test("a --ca-file that cannot be read, or holds no certificate, is one line at start, exit 66")
    func badAuthorityFile() throws {
        let server = try Self.server("good")
        let missing = try Self.behave(server, ["--ca-file", "/nonexistent/ca.pem"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "behave: /nonexistent/ca.pem: cannot read: No such file or directory\n")
        let work = try Tool.temporaryDirectory()
        let junk = try Tool.write("not a certificate\n", to: "junk.pem", in: work)
        let empty = try Tool.write("", to: "empty.pem", in: work)
        let key = try Self.certificates.get().appendingPathComponent("good.key").path
        for file in [junk, empty, key] {
            let result = try Self.behave(server, ["--ca-file", file])
            #expect(result.status == 66, "\(file): \(result.stderr)")
            #expect(
                result.stderr
                    == "behave: \(file): cannot read: it holds no PEM certificate (-----BEGIN CERTIFICATE-----)\n")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("a --ca-file with no certificate is refused at start, never retried: event streams, an absent server")
    func badAuthorityFileNotRetried() throws {
        let work = try Tool.temporaryDirectory()
        let junk = try Tool.write("not a certificate\n", to: "junk.pem", in: work)
        let file = try Tool.write(
            """
            on("behave.connection", function(c) print("connection", c.state) end)
            after(20, function() stop("gave up") end)
            """, to: "device.lua", in: work)
        let line = "behave: \(junk): cannot read: it holds no PEM certificate (-----BEGIN CERTIFICATE-----)\n"
        for arguments in [
            ["run", "--events", "https://127.0.0.1:1/events", "--ca-file", junk, file],
            ["run", "--events", "wss://127.0.0.1:1/events", "--ca-file", junk, file],
            ["run", "https://127.0.0.1:1/x.lua", "--ca-file", junk, "--cache-dir", work.path + "/cache"],
        ] {
            let result = try Tool.run(arguments, in: work)
            #expect(result.status == 66, "\(arguments): \(result.stderr)")
            #expect(result.stderr == line, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments): nothing ran")
        }
    }
}
