import BehaveTestSupport
import Foundation
import Testing

@testable import BehaveCLI

/// A team's tool adds options of its own for its modules (``ToolOption``): read before the script,
/// listed in the help, refused when malformed or Behave's, given to the modules.
@Suite("A tool's own options")
struct ToolOptionTests {
    let options: [ToolOption] = [
        .flag("open-urls", help: "Opens URLs."),
        .value("region", valueName: "code", help: "The region.") { ["eu", "us"].contains($0) },
    ]

    @Test("flags and values are read out, in each spelling, and the rest is left as it was")
    func extraction() throws {
        let line = ["--fast", "--region", "eu", "--open-urls", "--region=us", "s.lua", "x"]
        let extraction = try ToolOptionExtraction(line, options: options)
        #expect(extraction.rest == ["--fast", "s.lua", "x"])
        #expect(extraction.given.isSet("open-urls"))
        #expect(extraction.given.values["region"] == ["eu", "us"])
        #expect(extraction.given["region"] == "us")
        #expect(extraction.origin(of: 1) == 5)
        #expect(extraction.tookAny(from: 4) && !extraction.tookAny(from: 5))
    }

    @Test("nothing is read after -- or past the script")
    func boundaries() throws {
        let ended = try ToolOptionExtraction(["--", "s.lua", "--open-urls"], options: options)
        #expect(ended.rest == ["--", "s.lua", "--open-urls"] && !ended.given.isSet("open-urls"))
        let limited = try ToolOptionExtraction(["--open-urls", "s.lua", "--region", "x"], options: options, before: 1)
        #expect(limited.rest == ["s.lua", "--region", "x"] && limited.given.isSet("open-urls"))
        #expect(limited.given["region"] == nil)
    }

    @Test(
        "a wrong spelling is a usage error naming the option",
        arguments: [
            (["--open-urls=yes"], "--open-urls takes no value"),
            (["--region"], "Missing value for '--region <code>'"),
            (["--region", "mars"], "The value 'mars' is invalid for '--region <code>'"),
        ])
    func wrongSpelling(line: [String], message: String) {
        #expect(throws: Error.self) { try ToolOptionExtraction(line, options: options) }
        do { _ = try ToolOptionExtraction(line, options: options) } catch { #expect(error.message == message) }
    }

    @Test("a name that cannot be an option, or is Behave's, is refused")
    func problems() {
        #expect(ToolOption.flag("open-urls", help: "").problem == nil)
        for name in ["", "Open", "-x", "x-", "a b", "a=b"] {
            #expect(ToolOption.flag(name, help: "").problem != nil, "\(name)")
        }
        #expect(ToolOption.flag("fast", help: "").problem == "--fast is one of Behave's own options")
    }

    @Test("the reserved names are every long option of Behave's commands")
    func reservedNames() throws {
        let result = try Tool.run(["--experimental-dump-help"], program: Tool.product("behave-remote"))
        let dump = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        var names: Set<String> = ["generate-completion-script", "experimental-dump-help"]
        func walk(_ command: [String: Any]) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
                    names.insert(name["name"] as? String ?? "")
                }
            }
            for subcommand in command["subcommands"] as? [[String: Any]] ?? [] { walk(subcommand) }
        }
        walk(try #require(dump?["command"] as? [String: Any]))
        #expect(names == BehaveCommand.reservedOptionNames)
    }

    @Test("behave's --open-urls goes before the script; after it, it is the script's")
    func builtTool() throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("tool-option-\(getpid()).lua")
        try "print(...)\n".write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let run = try Tool.run(["--open-urls", script.path, "a", "--open-urls"])
        #expect(run.status == 0 && run.stdout == "a\t--open-urls\n", "\(run.stderr)")
        let wrong = try Tool.run(["run", "--open-urls=1", script.path])
        #expect(wrong.status == 64 && wrong.stderr.hasPrefix("Error: --open-urls takes no value\n"))
        let help = try Tool.run(["run", "--help"], environment: ["COLUMNS": "200"])
        #expect(help.stdout.contains("\n--open-urls: Let MyThirdModule.openUrl launch xdg-open/open"))
    }
}
