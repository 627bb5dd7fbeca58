import BehaveTestSupport
import Foundation
import Testing

/// Every command and code block in `README.md` and `docs/` is run, or is the code a test
/// compiles, so the docs cannot drift from the product.
@Suite("Docs: every block is run or compiled")
struct DocsTests {
    /// Which test covers each block; the other suites that read blocks are named where they do.
    static let covered: [String: Set<String>] = [
        "README.md": ["two-commands", "seed-run", "first-lua", "first-lua-run", "embedding", "module"],
        // keynote-run: KeynoteDocTests
        "docs/behaviours.md": [
            "seed-run", "action-list", "action-list-run", "keynote-run", "event-line", "embedding", "async-action",
        ],
        "docs/repl.md": ["repl-session", "repl-piped"],  // repl-session: ReplSessionDocTests
        "docs/debugging.md": ["vscode-extension", "vscode-launch", "nvim-dap"],  // DebugAdapterTests
        // RemoteDocTests runs the sh blocks
        "docs/remote.md": [
            "remote-commands", "remote-app", "remote-headers", "remote-urlsession", "remote-max-wait",
            "remote-quarantine", "remote-tls", "ci-signing",
        ],
        // embed-modules, embed-unhandled: scripts/example compares them with the shop's tool
        "docs/embedding.md": [
            "embed-actions", "embed-macro", "embed-modules", "embed-app", "embed-actor", "embed-unhandled",
        ],
        "docs/cli.md": ["editor-support", "install"],  // install: scripts/test runs scripts/install --debug
        // adopt-session, adopt-help, shop-option: scripts/example runs them against the examples' built tools
        "docs/adopting.md": [
            "adopt-traits", "adopt-manifest", "adopt-open", "adopt-macro", "adopt-trait", "adopt-main", "adopt-remote",
            "adopt-session", "adopt-help", "adopt-test", "shop-main", "shop-option",
        ],
        "docs/platforms.md": [],
        // RecordingDocTests runs and compares them
        "docs/store.md": ["store-lua", "store-run", "store-app"],  // store-lua, store-run: StoreToolTests
        // LiveDocTests runs them against the real server; live-app: LiveEventsLibraryTests
        "docs/live.md": [
            "live-device-lua", "live-device", "live-publish", "live-device-output", "live-stderr", "live-app",
            "live-nginx", "live-keynote-phone", "live-keynote-tally", "live-keynote-tally-output", "live-swap-stderr",
        ],
        // FleetDocTests runs the sh blocks and compares the outputs; fleet-app: FleetLoaderTests;
        // fleet-collector-nginx: HealthCollector serves it
        "docs/fleet.md": [
            "fleet-setup", "fleet-device", "fleet-rehearse", "fleet-rehearse-output", "fleet-health",
            "fleet-health-output", "fleet-widen", "fleet-widen-output", "fleet-stop", "fleet-stop-output",
            "fleet-rollback", "fleet-rollback-output", "fleet-which", "fleet-which-output", "fleet-manifest",
            "fleet-report", "fleet-collector-nginx", "fleet-app",
        ],
        "docs/recording.md": ["recording-lines", "recording-commands", "recording-diff", "recording-api"],
        "docs/testing.md": [
            "test-example", "test-run", "failing-test", "failing-run", "test-ci", "coverage-run", "coverage-summary",
        ],  // TestCommandTests, CoverageTests
        "docs/bridge.md": ["lua-fields"],
        "docs/architecture.md": ["layers", "c-imports"],  // ArchitectureTests, LayeringTests
        "docs/performance.md": ["bench"],
        "docs/sandbox.md": ["fuzz", "sanitize"],
        "Sources/BehaveLua/BehaveLua.docc/GettingStarted.md": ["lua-getting-started"],
        "Sources/Behave/Behave.docc/GettingStarted.md": ["behave-getting-started"],
    ]

    /// Runs `script` with bash in `directory`, with the built tools first on the PATH.
    static func bash(_ script: String, in directory: URL) throws -> Tool.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = Tool.products.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        return try Tool.run(
            ["-euo", "pipefail", "-c", script], in: directory, program: URL(fileURLWithPath: "/bin/bash"),
            environment: environment)
    }

    /// ``bash(_:in:)`` from an async test, on a thread of its own (``Tool/runDetached``).
    static func bashDetached(_ script: String, in directory: URL) async throws -> Tool.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = Tool.products.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        return try await Tool.runDetached(
            ["-euo", "pipefail", "-c", script], in: directory, program: URL(fileURLWithPath: "/bin/bash"),
            environment: environment)
    }

    @Test("every fenced block is named, and every name is one a test covers")
    func everyBlockIsCovered() throws {
        #expect(Set(Docs.files) == Set(Self.covered.keys))
        for file in Docs.files {
            let blocks = try Docs.blocks(in: file)
            #expect(blocks.allSatisfy { $0.name != nil }, "\(file) has a block with no <!-- block: NAME --> line")
            #expect(Set(blocks.compactMap(\.name)) == Self.covered[file] ?? [], "\(file)")
        }
    }

    @Test("the install block runs scripts/install, which scripts/test checks into a scratch prefix")
    func install() throws {
        let block = try Docs.block("install", in: "docs/cli.md")
        #expect(block.hasPrefix("scripts/install "))
        #expect(block.contains("\nman behave "))
        #expect(try Docs.text("scripts/test").contains("\nscripts/install --debug \"$prefix\""))
    }

    @Test("the README's two commands are the ones scripts/test and CI run")
    func twoCommands() throws {
        #expect(
            try Docs.block("two-commands", in: "README.md")
                == "scripts/behave run scripts/examples/Protocols.json\nscripts/test\n")
        #expect(try Docs.text("scripts/test").contains("\nscripts/behave run scripts/examples/Protocols.json"))
        #expect(try Docs.text(".ci/run").contains("scripts/test"))
    }

    @Test(
        "the seed's run prints what the docs show, stdout then the warnings",
        arguments: ["README.md", "docs/behaviours.md"])
    func seedRun(file: String) throws {
        var lines = try Docs.block("seed-run", in: file).split(separator: "\n").map(String.init)
        #expect(lines.removeFirst() == "$ scripts/behave run scripts/examples/Protocols.json")
        let result = try Tool.run(["run", "scripts/examples/Protocols.json"])
        #expect(result.status == 0)
        #expect(lines.joined(separator: "\n") + "\n" == result.stdout + result.stderr)
    }

    @Test("the action list format's example runs to the output shown, stdout then the warning")
    func actionList() throws {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write(try Docs.block("action-list", in: "docs/behaviours.md"), to: "actions.json", in: work)
        var lines = try Docs.block("action-list-run", in: "docs/behaviours.md").split(separator: "\n").map(String.init)
        #expect(lines.removeFirst() == "$ behave run actions.json")
        let result = try Tool.run(["run", "actions.json"], in: work)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(lines.joined(separator: "\n") + "\n" == result.stdout + result.stderr)
    }

    @Test("the README's first Lua behaviour prints the output shown")
    func firstLua() throws {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write(try Docs.block("first-lua", in: "README.md"), to: "first.lua", in: work)
        var lines = try Docs.block("first-lua-run", in: "README.md").split(separator: "\n").map(String.init)
        let command = lines.removeFirst()
        #expect(command == "$ behave run --fast first.lua")
        let result = try Tool.run(["run", "--fast", "first.lua"], in: work)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == lines.joined(separator: "\n") + "\n")
    }

    @Test("the events file line is delivered with its payload")
    func eventLine() throws {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write(try Docs.block("event-line", in: "docs/behaviours.md"), to: "events.jsonl", in: work)
        _ = try Tool.write(
            "on('VOTE_TRAIN_START', function(d) print(d.destinations[1], d.destinations[2], now()) end)",
            to: "vote.lua", in: work)
        let result = try Tool.run(["run", "--events", "events.jsonl", "--fast", "vote.lua"], in: work)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Bordeaux\tLyon\t1.5\n")
    }

    @Test(
        "Swift blocks are the code the tests and modules compile",
        arguments: [
            ("embedding", "README.md", "Tests/BehaveTests/EmbeddingExampleTests.swift"),
            ("embedding", "docs/behaviours.md", "Tests/BehaveTests/EmbeddingExampleTests.swift"),
            ("module", "README.md", "modules/Greeter/Greeting.swift"),
            ("async-action", "docs/behaviours.md", "modules/Keynote/Keynote.swift"),
            ("lua-fields", "docs/bridge.md", "Tests/LuaTests/FieldsTests.swift"),
            ("recording-api", "docs/recording.md", "Tests/BehaveTests/FlightRecorderTests.swift"),
            ("store-app", "docs/store.md", "Tests/BehaveTests/StoreTests.swift"),
            ("live-app", "docs/live.md", "Tests/BehaveRemoteTests/LiveEventsLibraryTests.swift"),
            ("remote-app", "docs/remote.md", "Tests/BehaveRemoteTests/RemoteLoaderTests.swift"),
            ("fleet-app", "docs/fleet.md", "Tests/BehaveRemoteTests/FleetLoaderTests.swift"),
            ("remote-headers", "docs/remote.md", "Tests/BehaveRemoteTests/TransportTests.swift"),
            ("remote-urlsession", "docs/remote.md", "Tests/BehaveRemoteTests/TransportTests.swift"),
            ("remote-max-wait", "docs/remote.md", "Tests/BehaveRemoteTests/TransportTests.swift"),
            ("remote-quarantine", "docs/remote.md", "Tests/BehaveRemoteTests/TransportTests.swift"),
            ("remote-tls", "docs/remote.md", "Tests/BehaveRemoteTests/TransportTests.swift"),
            ("embed-actions", "docs/embedding.md", "Examples/Shop/Sources/Shop/Basket.swift"),
            ("embed-macro", "docs/embedding.md", "Examples/Shop/Sources/Shop/Payments.swift"),
            ("embed-app", "docs/embedding.md", "Examples/Shop/Sources/shop-app/main.swift"),
            ("embed-actor", "docs/embedding.md", "Examples/Shop/Tests/ShopTests/ShopTests.swift"),
            ("adopt-traits", "docs/adopting.md", "Examples/NoRemote/Package.swift"),
            ("adopt-macro", "docs/adopting.md", "Tests/BehaveMacrosTests/Cart.swift"),
            ("adopt-manifest", "docs/adopting.md", "Examples/Ticketing/Package.swift"),
            ("adopt-open", "docs/adopting.md", "Examples/Ticketing/Sources/Ticketing/Ticketing.swift"),
            ("adopt-trait", "docs/adopting.md", "Examples/Ticketing/Sources/Ticketing/TicketRouting.swift"),
            ("adopt-main", "docs/adopting.md", "Examples/Ticketing/Sources/ticketing/main.swift"),
            ("shop-main", "docs/adopting.md", "Examples/Shop/Sources/shop/main.swift"),
            ("adopt-remote", "docs/adopting.md", "Sources/behave-remote/main.swift"),
            ("adopt-test", "docs/adopting.md", "Examples/Ticketing/Tests/TicketingTests/TicketingTests.swift"),
        ])
    func swiftSnippets(name: String, file: String, source: String) throws {
        #expect(
            try Docs.block(name, in: file) == Docs.snippet(name, in: source), "\(file)'s \(name) differs from \(source)"
        )
    }

    @Test("the REPL's piped example prints 1")
    func replPiped() throws {
        let block = try Docs.block("repl-piped", in: "docs/repl.md")
        #expect(block.contains("# prints 1"))
        let result = try Self.bash(block, in: try Tool.temporaryDirectory())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "1\n")
    }

    @Test("the editor-support commands write a LuaLS definition file and a JSON Schema")
    func editorSupport() throws {
        let work = try Tool.temporaryDirectory()
        let result = try Self.bash(try Docs.block("editor-support", in: "docs/cli.md"), in: work)
        #expect(result.status == 0, "\(result.stderr)")
        let definitions = try String(contentsOf: work.appendingPathComponent("behave.d.lua"), encoding: .utf8)
        #expect(definitions.hasPrefix("---@meta"))
        let schema = try Data(contentsOf: work.appendingPathComponent("behave-actions.schema.json"))
        #expect(try JSONSerialization.jsonObject(with: schema) is [String: Any])
        let luarc = try Data(contentsOf: work.appendingPathComponent("behaviours/.luarc.json"))
        #expect(try JSONSerialization.jsonObject(with: luarc) is [String: Any])
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("behaviours/behave.d.lua").path))
    }

    @Test("each scripts/bench line's flags are accepted; --record writes the rows as data")
    func bench() throws {
        let lines = try Docs.block("bench", in: "docs/performance.md").split(separator: "\n")
            .map { $0.components(separatedBy: " #").first!.split(separator: " ").map(String.init) }
        #expect(lines.allSatisfy { $0.first == "scripts/bench" })
        let results = try Tool.temporaryDirectory()
        for line in lines {
            // The debug build stands in for scripts/bench's release build; one quick section.
            let flags = line.dropFirst().flatMap { $0 == "--record" ? ["--record", results.path] : [$0] }
            let (status, out, err) = try BenchTests.run(flags + ["--only", "start", "--rounds", "1"])
            #expect(status == 0, "\(line): \(err)")
            if flags.contains("--json") {
                #expect(try JSONSerialization.jsonObject(with: Data(out.utf8)) is [[String: Any]])
            }
        }
        let recorded = try FileManager.default.contentsOfDirectory(atPath: results.path)
        #expect(recorded.count == 1 && recorded[0].hasSuffix(".json"), "\(recorded)")
        let record = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: results.appendingPathComponent(recorded[0]))) as? [String: Any])
        #expect(Set(record.keys) == ["date", "commit", "rounds", "machine", "rows"])
        #expect(
            (record["rows"] as? [[String: Any]])?.first?["name"] as? String
                == "process start to finish, one-line script: behave run vs lua5.4")
    }

    @Test("the documented sanitizer command is the one scripts/test runs; an unknown mode is refused")
    func sanitize() throws {
        let commands = try Docs.block("sanitize", in: "docs/sandbox.md").split(separator: "\n").map {
            $0.components(separatedBy: " #").first!.trimmingCharacters(in: .whitespaces)
        }
        #expect(commands == ["scripts/sanitize thread", "scripts/sanitize address"])
        let gate = try String(contentsOf: Tool.root.appendingPathComponent("scripts/test"), encoding: .utf8)
        for command in commands {
            #expect(gate.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == command })
        }
        let refused = try Tool.run(["memory"], program: Tool.root.appendingPathComponent("scripts/sanitize"))
        #expect(refused.status == 64 && refused.stderr.hasPrefix("usage: scripts/sanitize"))
    }

    @Test("each scripts/fuzz line builds its fuzz targets and fuzzes them without a finding")
    func fuzz() throws {
        let lines = try Docs.block("fuzz", in: "docs/sandbox.md").split(separator: "\n")
            .map { $0.components(separatedBy: " #").first!.split(separator: " ").map(String.init) }
        #expect(lines.count == 2 && lines.allSatisfy { $0.first == "scripts/fuzz" })
        let gate = try String(contentsOf: Tool.root.appendingPathComponent("scripts/test"), encoding: .utf8)
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for line in lines {
            // A short run stands in for each line's length; the build and the comparison are the same.
            let flags = line.dropFirst().starts(with: ["--time"]) ? Array(line.dropFirst(3)) : Array(line.dropFirst())
            guard !flags.isEmpty else {
                // Every target builds behave-remote-fuzz and the network and crypto code with it:
                // scripts/test runs that line, briefly, when its time allows.
                #expect(gate.contains("scripts/fuzz --time 8"))
                continue
            }
            let result = try Tool.run(
                ["--time", "8"] + flags, program: Tool.root.appendingPathComponent("scripts/fuzz"))
            #expect(result.status == 0, "\(line): \(result.stderr.suffix(2_000))")
            #expect(result.stderr.contains("stat::number_of_executed_units"), "\(line)")
        }
    }
}
