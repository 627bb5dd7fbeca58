import BehaveTestSupport
import Foundation
import Testing

@Suite("docs/remote.md: the remote commands")
struct RemoteDocTests {
    /// A shell block of docs/remote.md.
    func docBlock(_ name: String) throws -> String {
        try Docs.block(name, in: "docs/remote.md")
    }

    /// The `behave` lines of the section's first shell block, comments removed.
    func docCommands() throws -> [[String]] {
        try docBlock("remote-commands").split(separator: "\n").compactMap { line in
            let command = line.components(separatedBy: " #").first!.split(separator: " ").map(String.init)
            return command.first == "behave" ? Array(command.dropFirst()) : nil
        }
    }

    @Test("keygen, sign, verify and a signed run with a fallback, as docs/remote.md shows them")
    func docCommandsRun() throws {
        let commands = try docCommands()
        #expect(commands.map { $0[0] } == ["keygen", "sign", "verify", "run"])
        let server = try TestServer()
        let work = try Tool.temporaryDirectory()
        let example = try String(
            contentsOf: Tool.root.appendingPathComponent("scripts/examples/Protocols.json"), encoding: .utf8)
        _ = try Tool.write(example, to: "Protocols.json", in: work)
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent("bundled"), withIntermediateDirectories: true)
        _ = try Tool.write(example, to: "bundled/Protocols.json", in: work)
        try server.serve([
            "/Protocols.json": TestServer.Route(file: work.appendingPathComponent("Protocols.json").path),
            "/Protocols.json.sig": TestServer.Route(file: work.appendingPathComponent("Protocols.json.sig").path),
        ])
        var results: [Tool.Result] = []
        for command in commands {
            var arguments = command.map {
                $0.replacingOccurrences(of: "https://behaviours.example.com", with: server.url(""))
            }
            if arguments[0] == "run" {
                arguments += ["--allow-http", "--cache-dir", work.appendingPathComponent("cache").path]
            }
            let result = try Tool.run(arguments, in: work)
            #expect(result.status == 0, "behave \(arguments.joined(separator: " ")): \(result.stderr)")
            results.append(result)
        }
        #expect(results.last?.stdout.hasPrefix("Hello My name is MyFirstModule\n") == true)
        #expect(try server.requests().map(\.path) == ["/Protocols.json", "/Protocols.json.sig"])
    }

    @Test("the CI signing steps, run by bash as docs/remote.md shows them")
    func readmeCISteps() throws {
        let script = try docBlock("ci-signing")
        #expect(script.contains("behave sign"))
        let work = try Tool.temporaryDirectory()
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent("behaviours"), withIntermediateDirectories: true)
        let behaviour = try Tool.write(RemoteTests.first, to: "behaviours/Protocols.json", in: work)
        let keys = try Tool.run(["keygen", "ci"], in: work)
        #expect(keys.status == 0)
        let secret = try String(contentsOf: work.appendingPathComponent("ci.key"), encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-euo", "pipefail", "-c", script]
        process.currentDirectoryURL = work
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] =
            Tool.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["BEHAVE_SIGNING_KEY"] = secret.trimmingCharacters(in: .whitespacesAndNewlines)
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(
            !FileManager.default.fileExists(atPath: work.appendingPathComponent("team.key").path), "the key is removed")
        let verify = try Tool.run(
            ["verify", behaviour, "--public-key", work.appendingPathComponent("ci.pub").path], in: work)
        #expect(verify.status == 0, "\(verify.stderr)")
    }
}
