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
    }

    @Test(
        "nothing is read after --, after run's script, or from a Behave option's value",
        arguments: [
            ["--", "s.lua", "--open-urls"],
            ["--fast", "s.lua", "--region"],
            ["-W", "s.lua", "--region", "mars"],
            ["run", "-", "--open-urls=1"],
            ["test", "--junit", "--open-urls", "a_test.lua"],
            ["-e", "--region", "s.lua"],
            ["--trace", "--open-urls", "s.lua"],
            ["repl", "-i", "--open-urls"],
        ])
    func untouched(line: [String]) throws {
        let extraction = try ToolOptionExtraction(line, options: options)
        #expect(extraction.rest == line)
        #expect(extraction.given == ModuleOptions())
    }

    @Test("they are read before a command's name, among a command's files, and after a URL")
    func places() throws {
        let before = try ToolOptionExtraction(["--region", "us", "test", "a_test.lua"], options: options)
        #expect(before.rest == ["test", "a_test.lua"] && before.given["region"] == "us")
        let among = try ToolOptionExtraction(["check", "a.lua", "--open-urls", "b.lua"], options: options)
        #expect(among.rest == ["check", "a.lua", "b.lua"] && among.given.isSet("open-urls"))
        let url = try ToolOptionExtraction(["https://example.com/b.lua", "--open-urls"], options: options)
        #expect(url.rest == ["https://example.com/b.lua"] && url.given.isSet("open-urls"))
        let repl = try ToolOptionExtraction(["repl", "-i", "f.lua", "--open-urls"], options: options)
        #expect(repl.rest == ["repl", "-i", "f.lua"] && repl.given.isSet("open-urls"))
    }

    @Test(
        "a wrong spelling is a usage error naming the option",
        arguments: [
            (["--open-urls=yes"], "--open-urls takes no value"),
            (["--region"], "Missing value for '--region <code>'"),
            (["--region", "--fast", "s.lua"], "Missing value for '--region <code>'"),
            (["--region", "mars"], "The value 'mars' is invalid for '--region <code>'"),
        ])
    func wrongSpelling(line: [String], message: String) {
        do {
            _ = try ToolOptionExtraction(line, options: options)
            Issue.record("\(line) was read without an error")
        } catch {
            #expect(error.message == message)
        }
    }

    @Test("a name that cannot be an option, or is Behave's, is refused")
    func problems() {
        #expect(ToolOption.flag("open-urls", help: "").problem == nil)
        for name in ["", "Open", "-x", "x-", "a b", "a=b"] {
            #expect(ToolOption.flag(name, help: "").problem != nil, "\(name)")
        }
        #expect(ToolOption.flag("fast", help: "").problem == "--fast is one of Behave's own options")
    }

    @Test("the reserved names are every long option of Behave's commands, and those that take a value")
    func reservedNames() throws {
        let result = try Tool.run(["--experimental-dump-help"], program: Tool.product("behave-remote"))
        let dump = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        var names: Set<String> = ["generate-completion-script", "experimental-dump-help"]
        var values: Set<String> = []
        var shortValues: Set<String> = []
        func walk(_ command: [String: Any]) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                let takesValue = argument["kind"] as? String == "option"
                for name in argument["names"] as? [[String: Any]] ?? [] {
                    let text = name["name"] as? String ?? ""
                    if name["kind"] as? String == "long" {
                        names.insert(text)
                        if takesValue { values.insert(text) }
                    } else if takesValue {
                        shortValues.insert(text)
                    }
                }
            }
            for subcommand in command["subcommands"] as? [[String: Any]] ?? [] { walk(subcommand) }
        }
        walk(try #require(dump?["command"] as? [String: Any]))
        #expect(names == BehaveCommand.reservedOptionNames)
        #expect(values == Set(BehaveCommand.valueOptionNames.map(String.init)))
        #expect(shortValues == ["e", "i", "l", "o"])  // -i takes a file in repl alone
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
        let afterScript = try Tool.run(["--fast", script.path, "--open-urls=1"])
        #expect(afterScript.status == 0 && afterScript.stdout == "--open-urls=1\n", "\(afterScript.stderr)")
        let help = try Tool.run(["run", "--help"], environment: ["COLUMNS": "200"])
        #expect(help.stdout.contains("\n--open-urls: Let MyThirdModule.openUrl launch xdg-open/open"))
    }
}
