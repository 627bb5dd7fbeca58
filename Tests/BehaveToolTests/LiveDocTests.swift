import BehaveTestSupport
import Foundation
import PubSubFixture
import Testing

/// docs/live.md, run: its nginx configuration serves, its device and publisher commands print
/// what it shows, and the stderr lines it shows are the tool's.
@Suite("docs/live.md", .resumedPromptly)
struct LiveDocTests {
    static let page = "docs/live.md"

    /// The page's server on this machine, and what its commands need: `LIVE`, `TOKEN`, `PUBLISH`,
    /// `REPLIES`, a PATH with the built tool, and `CA`, which `trust` makes behave's commands trust.
    struct Deployment {
        let server: PubSubServer
        let environment: [String: String]
        let work: URL
        /// A bash function that passes the test's authority to each behave command, as the page's
        /// server has a certificate the world trusts and this one does not.
        static let trust = #"behave() { local command=$1; shift; command behave "$command" --ca-file "$CA" "$@"; }"#

        init() throws {
            let certificates = try TestServer.makeCertificates()
            let deploy = Tool.root.appendingPathComponent("deploy/nchan").path
            let configuration = try Docs.block("live-nginx", in: LiveDocTests.page)
            // The page's paths and ports, made this machine's.
            server = try PubSubServer(tls: true) { _, port, publishPort in
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
            work = try Tool.temporaryDirectory()
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = Tool.products.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["LIVE"] = "https://127.0.0.1:\(server.port)"
            environment["TOKEN"] = "t0ken"
            environment["PUBLISH"] = server.publishURL
            environment["REPLIES"] = "http://127.0.0.1:\(server.publishPort)/replies"
            environment["CA"] = certificates.appendingPathComponent("ca.pem").path
            self.environment = environment
        }

        /// The page's block `name` run by bash in the background, with `edit` applied to it.
        func start(_ name: String, in directory: URL? = nil, _ edit: (String) -> String = { $0 }) throws
            -> BackgroundRun
        {
            BackgroundRun(
                ["-euo", "pipefail", "-c", Self.trust + "\n" + edit(try Docs.block(name, in: LiveDocTests.page))],
                in: directory ?? work, program: URL(fileURLWithPath: "/bin/bash"), environment: environment)
        }

        /// The page's block `name` run by bash to its end.
        func run(_ name: String) throws -> Tool.Result {
            try Tool.run(
                ["-euo", "pipefail", "-c", Self.trust + "\n" + (try Docs.block(name, in: LiveDocTests.page))],
                in: work, program: URL(fileURLWithPath: "/bin/bash"), environment: environment)
        }
    }

    @Test("the page's server configuration runs; the device and the presenter's commands do what it shows")
    func deployment() async throws {
        let deployment = try Deployment()
        _ = try Tool.write(try Docs.block("live-device-lua", in: Self.page), to: "device.lua", in: deployment.work)
        let device = try deployment.start("live-device")
        try await deployment.server.waitForSubscribers(1, on: "keynote")
        let published = try deployment.run("live-publish")
        #expect(published.status == 0, "\(published.stderr)")
        let result = try await device.result()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == (try Docs.block("live-device-output", in: Self.page)),
            "\(result.stdout)\n\(result.stderr)")
    }

    @Test("the keynote's phones vote through the page's server, and the presenter's tally prints what the page shows")
    func keynote() async throws {
        let deployment = try Deployment()
        let server = deployment.server
        // Two phones, from the repository's root as the page has it, each with a store of its own.
        let phones = try ["Lyon", "Bordeaux"].map { destination in
            let store = try Tool.temporaryDirectory()
            return try deployment.start("live-keynote-phone", in: Tool.root) {
                $0.replacingOccurrences(of: "destination=Lyon", with: "destination=\(destination)")
                    .replacingOccurrences(of: "behave run", with: "behave run --store-dir \(store.path)")
            }
        }
        try await server.waitForSubscribers(2, on: "keynote")
        try server.publish(#"{"event": "VOTE_TRAIN_START"}"#, to: "keynote")
        let deadline = Date().addingTimeInterval(60)
        while try server.messages("keynote/replies") < 2, Date() < deadline {
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        let tally = try Tool.run(
            ["-euo", "pipefail", "-c", try Docs.block("live-keynote-tally", in: Self.page)], in: Tool.root,
            program: URL(fileURLWithPath: "/bin/bash"), environment: deployment.environment)
        #expect(tally.status == 0, "\(tally.stderr)")
        #expect(tally.stdout == (try Docs.block("live-keynote-tally-output", in: Self.page)))
        try server.publish(#"{"event": "KEYNOTE_END"}"#, to: "keynote")
        for phone in phones {
            let result = try await phone.result()
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains(" sent\n"), "\(result.stdout)")
        }
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
