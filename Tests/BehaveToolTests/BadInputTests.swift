import BehaveTestSupport
import Foundation
import Testing

@Suite("Bad inputs get one clear line and a documented exit code")
struct BadInputTests {
    func run(_ contents: [UInt8], name: String = "bad.json") throws -> Tool.Result {
        let directory = try Tool.temporaryDirectory()
        let file = try Tool.write(bytes: contents, to: name, in: directory)
        return try Tool.run(["run", file])
    }

    func run(_ text: String, name: String = "bad.json") throws -> Tool.Result { try run(Array(text.utf8), name: name) }

    func expectOneLine(
        _ result: Tool.Result, status: Int32, _ fragment: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == status, sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(fragment), "\(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test func emptyFile() throws {
        expectOneLine(
            try run(""), status: 65, "bad.json:1:1: error: expected a JSON value, found end of file (the file is empty)"
        )
    }

    @Test func truncated() throws {
        expectOneLine(
            try run("[{\"name\": \"MyFirstModule\", \"actions\": [{\"func\": \"sayHe"), status: 65,
            "bad.json:1:55: error: expected '\"' to end the string, found end of file (the file is truncated)")
    }

    @Test func topLevelObject() throws {
        expectOneLine(
            try run("{\"name\": \"MyFirstModule\"}"), status: 65,
            "bad.json:1:1: error: expected an array of modules at the top level, found an object")
    }

    @Test func actionsNotAnArray() throws {
        expectOneLine(
            try run("[\n  {\"name\": \"MyFirstModule\", \"actions\": {\"func\": \"sayHello\"}}\n]"), status: 65,
            "bad.json:2:40: error: expected \"actions\" to be an array, found an object")
    }

    @Test func funcMissing() throws {
        expectOneLine(
            try run("[{\"name\": \"MyFirstModule\", \"actions\": [{\"value\": 1}]}]"), status: 65,
            "bad.json:1:40: error: action is missing \"func\"")
    }

    @Test func funcNotAString() throws {
        expectOneLine(
            try run("[{\"name\": \"MyFirstModule\", \"actions\": [{\"func\": 42}]}]"), status: 65,
            "bad.json:1:49: error: expected \"func\" to be a string, found a number")
    }

    @Test func wrongValueType() throws {
        expectOneLine(
            try run("[{\"name\": \"MyThirdModule\", \"actions\": [{\"func\": \"openUrlWithUrl:\", \"value\": 3}]}]"),
            status: 65,
            "bad.json:1:77: error: MyThirdModule.openUrl(url:): argument 'url': expected a string, found a number")
    }

    @Test("10,000 levels of nesting: an error, no stack overflow")
    func deepNesting() throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        expectOneLine(
            try run(deep), status: 65, "bad.json:1:513: error: arrays and objects nest deeper than 512 levels")
    }

    @Test func notUTF8() throws {
        expectOneLine(
            try run(Array("[{\"name\": \"MyFirst".utf8) + [0xff, 0xfe] + Array("\"}]".utf8)), status: 65,
            "bad.json:1:19: error: the file is not valid UTF-8 (invalid byte 0xff)")
    }

    @Test func missingFile() throws {
        let result = try Tool.run(["run", "/nonexistent/Protocols.json"])
        #expect(result.status == 66)
        #expect(result.stderr == "behave: /nonexistent/Protocols.json: cannot read: No such file or directory\n")
    }

    @Test("a Lua syntax error gives the column of the token it names")
    func luaSyntaxError() throws {
        // The second '=' is the one Lua stopped at.
        expectOneLine(
            try run("local x = = 1", name: "broken.lua"), status: 65,
            "broken.lua:1:11: error: unexpected symbol near '='")
        expectOneLine(
            try run("local x = 1\nlocal y = @ 2\n", name: "synerr.lua"), status: 65,
            "synerr.lua:2:11: error: unexpected symbol near '@'")
        expectOneLine(
            try run("local t = {\n  'é', 'ü' @\n}\n", name: "wide.lua"), status: 65,
            "wide.lua:2:12: error: '}' expected (to close '{' at line 1) near '@'")
        expectOneLine(
            try run("if x then\n  print(1)\n", name: "eof.lua"), status: 65,
            "eof.lua:3:1: error: 'end' expected (to close 'if' at line 1) near <eof>")
        let check = try Tool.run([
            "check", try Tool.write("f(a b) b\n", to: "c.lua", in: try Tool.temporaryDirectory()),
        ])
        #expect(check.status == 65)
        #expect(check.stderr.hasSuffix("c.lua:1:5: error: ')' expected near 'b'\n"), "\(check.stderr)")
    }

    @Test("translate says it takes a JSON action list when given a Lua script")
    func translateLua() throws {
        let file = try Tool.write("print(1)\n", to: "keynote.lua", in: try Tool.temporaryDirectory())
        let result = try Tool.run(["translate", file])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "\(file): error: is a Lua script, not a JSON action list: it runs as it is, with nothing to translate\n"
        )
    }

    @Test("help for a command that does not exist is a usage error")
    func helpUnknown() throws {
        let unknown = try Tool.run(["help", "frob"])
        #expect(unknown.status == 64)
        #expect(unknown.stdout.isEmpty)
        #expect(unknown.stderr == "behave: no command 'frob' (behave --help lists them)\n")
        let known = try Tool.run(["help", "run"])
        #expect(known.status == 0)
        #expect(known.stdout.hasPrefix("OVERVIEW: Run a behaviour"))
    }

    @Test("a name twice in one JSON object is refused at its second place")
    func duplicateName() throws {
        expectOneLine(
            try run("[{\"name\": \"MyFirstModule\", \"name\": \"MySecondModule\", \"actions\": []}]"), status: 65,
            "bad.json:1:28: error: duplicate member name \"name\" (first at 1:3): each name may appear once in an object"
        )
    }

    @Test(
        "a limit out of range, negative, NaN or infinite is a usage error (64) naming the range",
        arguments: [
            "--time-limit=1e10", "--time-limit=inf", "--time-limit=nan", "--time-limit=-1", "--duration-limit=nan",
            "--duration-limit=-0.5", "--instruction-limit=-1", "--depth-limit=-5", "--depth-limit=2000000",
            "--memory-limit=99999999999999GiB", "--output-limit=99999999999999999K", "--memory-limit=2000GiB",
            "--time-limit=99999999999",
        ])
    func limitOutOfRange(option: String) throws {
        let directory = try Tool.temporaryDirectory()
        let file = try Tool.write("print('ran')\n", to: "a.lua", in: directory)
        let (name, value) = (String(option.prefix { $0 != "=" }), String(option.drop { $0 != "=" }.dropFirst()))
        // `--time-limit -1` reads -1 as an option (ArgumentParser's "Missing value", also 64).
        let separate = value.hasPrefix("-") ? [] : [["run", name, value, file]]
        for arguments in [["run", option, file], ["check", option, file]] + separate {
            let result = try Tool.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments)")
            #expect(
                result.stderr.hasPrefix("Error: \(name) must be from 0 (none) to "), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("not \(value)") || value.contains("e"), "\(arguments): \(result.stderr)")
        }
    }

    @Test("a 10 MB file of valid actions runs")
    func tenMegabytes() throws {
        let action =
            "  {\"name\": \"MyFirstModule\", \"actions\": [{\"func\": \"sayHello\"}, {\"func\": \"sayGoodBye\"}]},\n"
        let count = 10_000_000 / action.utf8.count + 1
        var text = "[\n"
        text.reserveCapacity(count * action.utf8.count + 100)
        for _ in 0..<count { text += action }
        text += "  {\"name\": \"MyFirstModule\", \"actions\": []}\n]\n"
        #expect(text.utf8.count > 10_000_000)
        let directory = try Tool.temporaryDirectory()
        let file = try Tool.write(text, to: "big.json", in: directory)
        let result = try Tool.run(["run", file])
        #expect(result.status == 0, "\(result.stderr.prefix(500))")
        #expect(result.stdout.split(separator: "\n").count == count * 2)
        #expect(result.stderr.isEmpty)
    }
}
