import BehaveTestSupport
import Foundation
import Testing

/// `behave debug` driven through the Debug Adapter Protocol as an editor drives it: a client
/// (Debugging/dap-client.py) sends VS Code's requests in VS Code's order (the recorded
/// initialize of Debugging/vscode-session.json), and checks every response and event.
///
/// One session at a time, each on a thread of its own (Tool.runDetached): a session takes
/// seconds, and blocking a pool thread or two cores that long made the suites' limit tests late.
@Suite("behave debug: the Debug Adapter Protocol", .serialized)
struct DebugAdapterTests {
    /// Runs the client's `scenario` against the built tool in a copy of Debugging/ (or, with
    /// `inRepository`, at the repository's root); its failed checks are the test's.
    private func drive(_ scenario: String, inRepository: Bool = false, configuration: String? = nil) async throws {
        let fixtures = Tool.root.appendingPathComponent("Tests/BehaveToolTests/Debugging")
        var directory = Tool.root
        if !inRepository {
            directory = try Tool.temporaryDirectory()
            for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path) {
                try FileManager.default.copyItem(
                    at: fixtures.appendingPathComponent(name), to: directory.appendingPathComponent(name))
            }
        }
        let result = try await Tool.runDetached(
            [
                "python3", fixtures.appendingPathComponent("dap-client.py").path, scenario, Tool.executable.path,
                directory.path,
            ] + (configuration.map { [$0] } ?? []),
            // A directory of the test's own: what the runs keep (the store) stays out of the repository.
            in: try Tool.temporaryDirectory(),
            program: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test(
        "a handler's breakpoint, its task's thread, locals, a paged table, a step over wait(3600), a condition, a log point, evaluate"
    )
    func session() async throws { try await drive("session") }

    @Test("an exception breakpoint stops where a time limit is about to fire")
    func limitAboutToFire() async throws { try await drive("limit") }

    @Test("an exception breakpoint stops where a task failed, with its locals")
    func uncaughtError() async throws { try await drive("error") }

    @Test("time stopped is charged to no limit, and the clock stands still meanwhile")
    func stoppedTime() async throws { try await drive("held") }

    @Test("stopOnEntry, stepIn, stepOut and next, and a console write to an upvalue")
    func steps() async throws { try await drive("steps") }

    @Test("what the run prints reaches the client before the stop and the log point that follow it")
    func outputBeforeStop() async throws { try await drive("output") }

    @Test("pause stops a running behaviour")
    func pause() async throws { try await drive("pause") }

    @Test("a disconnect in the middle of the run ends it, and the adapter")
    func disconnectMidRun() async throws { try await drive("disconnect") }

    @Test("over TCP on 127.0.0.1, attaching to the program behave debug was given")
    func overTCP() async throws { try await drive("tcp") }

    @Test("behave test under the debugger stops in the behaviour a test runs")
    func underTest() async throws { try await drive("test", inRepository: true) }

    @Test("docs/debugging.md: the VS Code extension is editors/vscode's, and each launch.json configuration runs")
    func vscodeDocs() async throws {
        let manifest = try Docs.block("vscode-extension", in: "docs/debugging.md")
        #expect(try Docs.text("editors/vscode/package.json") == manifest)
        let extensionJSON = try #require(try JSONSerialization.jsonObject(with: Data(manifest.utf8)) as? [String: Any])
        let debuggers = try #require((extensionJSON["contributes"] as? [String: Any])?["debuggers"] as? [[String: Any]])
        #expect(debuggers.first?["program"] as? String == "behave")
        #expect(debuggers.first?["args"] as? [String] == ["debug"])
        let launch = try Docs.block("vscode-launch", in: "docs/debugging.md")
            .replacingOccurrences(of: "${workspaceFolder}", with: Tool.root.path)
        let file = try #require(try JSONSerialization.jsonObject(with: Data(launch.utf8)) as? [String: Any])
        let configurations = try #require(file["configurations"] as? [[String: Any]])
        #expect(configurations.count == 2)
        for configuration in configurations {
            #expect(configuration["type"] as? String == "behave")
            let path = try Tool.temporaryDirectory().appendingPathComponent("launch.json")
            try JSONSerialization.data(withJSONObject: configuration).write(to: path)
            try await drive("config", inRepository: true, configuration: path.path)
        }
    }

    @Test("docs/debugging.md: the nvim-dap configuration starts behave debug, and its launch runs")
    func nvimDocs() async throws {
        let directory = try Tool.temporaryDirectory()
        let block = try Tool.write(try Docs.block("nvim-dap", in: "docs/debugging.md"), to: "dap.lua", in: directory)
        let stub = Tool.root.appendingPathComponent("Tests/BehaveToolTests/Debugging/nvim-dap-stub.lua").path
        let result = try await Tool.runDetached(
            ["lua5.4", stub, block], in: directory, program: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(result.status == 0, "\(result.stderr)")
        let configured = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let adapter = try #require(configured["adapter"] as? [String: Any])
        #expect(adapter["command"] as? String == "behave")
        #expect(adapter["args"] as? [String] == ["debug"])
        var launch = try #require((configured["configurations"] as? [[String: Any]])?.first)
        launch["program"] = "scripts/examples/keynote.lua"  // what ${file} is with the keynote open
        let path = directory.appendingPathComponent("launch.json")
        try JSONSerialization.data(withJSONObject: launch).write(to: path)
        try await drive("config", inRepository: true, configuration: path.path)
    }

    @Test("malformed and hostile messages get error responses, never a crash or a hang")
    func hostileMessages() async throws { try await drive("hostile") }
}
