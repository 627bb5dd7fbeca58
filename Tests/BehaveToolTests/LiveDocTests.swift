import BehaveTestSupport
import Foundation
import Testing

/// docs/live.md, run: its nginx configuration serves, its device and publisher commands print
/// what it shows, and the stderr lines it shows are the tool's.
@Suite("docs/live.md", .resumedPromptly)
struct LiveDocTests {
    static let page = "docs/live.md"

    @Test("the page's server configuration runs; the device and the presenter's commands do what it shows")
    func deployment() async throws {
        let certificates = try TestServer.makeCertificates()
        let deploy = Tool.root.appendingPathComponent("deploy/nchan").path
        let configuration = try Docs.block("live-nginx", in: Self.page)
        // The page's paths and ports, made this machine's.
        let server = try PubSubServer(tls: true) { _, port, publishPort in
            configuration
                .replacingOccurrences(of: "listen 443 ssl", with: "listen 127.0.0.1:\(port) ssl")
                .replacingOccurrences(
                    of: "/etc/ssl/live.pem", with: certificates.appendingPathComponent("good.pem").path
                )
                .replacingOccurrences(
                    of: "/etc/ssl/live.key", with: certificates.appendingPathComponent("good.key").path
                )
                .replacingOccurrences(of: "/etc/nginx/behave", with: deploy)
                .replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(publishPort)")
        }
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write(try Docs.block("live-device-lua", in: Self.page), to: "device.lua", in: work)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = Tool.products.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["LIVE"] = "https://127.0.0.1:\(server.port)"
        environment["TOKEN"] = "t0ken"
        environment["PUBLISH"] = server.publishURL
        // The page's server has a certificate the world trusts; this one trusts the test's authority.
        let trust = #"behave() { local command=$1; shift; command behave "$command" --ca-file "$CA" "$@"; }"#
        environment["CA"] = certificates.appendingPathComponent("ca.pem").path
        let device = BackgroundRun(
            ["-euo", "pipefail", "-c", trust + "\n" + (try Docs.block("live-device", in: Self.page))], in: work,
            program: URL(fileURLWithPath: "/bin/bash"), environment: environment)
        try await server.waitForSubscribers(1, on: "keynote")
        let published = try Tool.run(
            ["-euo", "pipefail", "-c", try Docs.block("live-publish", in: Self.page)], in: work,
            program: URL(fileURLWithPath: "/bin/bash"), environment: environment)
        #expect(published.status == 0, "\(published.stderr)")
        let result = try await device.result()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == (try Docs.block("live-device-output", in: Self.page)),
            "\(result.stdout)\n\(result.stderr)")
    }

    @Test("the page's stderr lines are what a device prints when its server goes away and comes back")
    func stderrLines() async throws {
        let server = try PubSubServer()
        let work = try Tool.temporaryDirectory()
        let file = try Tool.write(#"once("KEYNOTE_END", function() stop("over") end)"#, to: "device.lua", in: work)
        let device = BackgroundRun(["run", "--allow-http", "--events", server.url("keynote"), file], in: work)
        try await server.waitForSubscribers(1, on: "keynote")
        server.stop()
        try server.start()
        try await server.waitForSubscribers(1, on: "keynote")
        try server.publish(#"{"event": "KEYNOTE_END"}"#, to: "keynote")
        let result = try await device.result()
        let shown = result.stderr.replacingOccurrences(
            of: server.url("keynote"), with: "https://live.example.com/sub/keynote")
        #expect(shown == (try Docs.block("live-stderr", in: Self.page)), "\(shown)")
    }
}
