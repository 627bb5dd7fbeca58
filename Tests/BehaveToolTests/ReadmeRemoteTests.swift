import Foundation
import Testing

@Suite("README remote commands")
struct ReadmeRemoteTests {
    /// The `behave` lines of the first shell block under "## Remote behaviours", comments removed.
    func readmeCommands() throws -> [[String]] {
        let readme = try String(contentsOf: Tool.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## Remote behaviours"))
        let block = try #require(readme[section.upperBound...].range(of: "```sh\n"))
        let end = try #require(readme[block.upperBound...].range(of: "```"))
        return readme[block.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line in
            let command = line.components(separatedBy: " #").first!.split(separator: " ").map(String.init)
            return command.first == "behave" ? Array(command.dropFirst()) : nil
        }
    }

    @Test("keygen, sign, verify and a signed run with a fallback, as the README shows them")
    func readmeCommandsRun() throws {
        let commands = try readmeCommands()
        #expect(commands.map { $0[0] } == ["keygen", "sign", "verify", "run"])
        let server = try TestServer()
        let work = try Tool.temporaryDirectory()
        let example = try String(contentsOf: Tool.root.appendingPathComponent("scripts/examples/Protocols.json"), encoding: .utf8)
        _ = try Tool.write(example, to: "Protocols.json", in: work)
        try FileManager.default.createDirectory(at: work.appendingPathComponent("bundled"), withIntermediateDirectories: true)
        _ = try Tool.write(example, to: "bundled/Protocols.json", in: work)
        try server.serve(["/Protocols.json": TestServer.Route(file: work.appendingPathComponent("Protocols.json").path),
                          "/Protocols.json.sig": TestServer.Route(file: work.appendingPathComponent("Protocols.json.sig").path)])
        var results: [Tool.Result] = []
        for command in commands {
            var arguments = command.map { $0.replacingOccurrences(of: "https://behaviours.example.com", with: server.url("")) }
            if arguments[0] == "run" { arguments += ["--allow-http", "--cache-dir", work.appendingPathComponent("cache").path] }
            let result = try Tool.run(arguments, in: work)
            #expect(result.status == 0, "behave \(arguments.joined(separator: " ")): \(result.stderr)")
            results.append(result)
        }
        #expect(results.last?.stdout.hasPrefix("Hello My name is MyFirstModule\n") == true)
        #expect(try server.requests().map(\.path) == ["/Protocols.json", "/Protocols.json.sig"])
    }
}
