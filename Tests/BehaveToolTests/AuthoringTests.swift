import BehaveTestSupport
import Foundation
import Testing

/// `behave modules --luals` and `behave schema`: editor support generated from the module metadata.
@Suite("Authoring tools")
struct AuthoringTests {
    @Test func lualsDefinitionsAreValidLua() throws {
        let result = try Tool.run(["modules", "--luals"])
        #expect(result.status == 0, "\(result.stderr)")
        let text = result.stdout
        #expect(text.hasPrefix("---@meta behave\n"))
        #expect(text.contains("---@class MyThirdModule\nMyThirdModule = {}"))
        #expect(text.contains("---@param url string"), "\(text)")
        #expect(text.contains("function MyThirdModule.openUrl(url) end"))
        #expect(text.contains("---@async\n---@param seconds number\nfunction wait(seconds) end"))
        #expect(text.contains("---@class behave.Handle"))
        #expect(
            text.contains(
                "---@async\n---@param destination string Bordeaux or Lyon\n---@return string\nfunction Keynote.vote(destination) end"
            ),
            "vote is declared async with its parameter and result")
        #expect(!text.contains("---@async\n---@param screen"), "show is not async")
        let file = try Tool.write(text, to: "behave.d.lua", in: try Tool.temporaryDirectory())
        let luac = try Self.run("/usr/bin/env", ["luac5.4", "-p", file])
        #expect(luac.status == 0, "\(luac.output)")
    }

    /// Validates each document against the schema with Python's jsonschema; returns one line per document.
    func validate(schema: String, _ documents: [String]) throws -> [String] {
        let directory = try Tool.temporaryDirectory()
        let schemaFile = try Tool.write(schema, to: "schema.json", in: directory)
        let files = try documents.enumerated().map { try Tool.write($1, to: "doc\($0).json", in: directory) }
        let script = """
            import json, sys
            from jsonschema import Draft202012Validator
            schema = json.load(open(sys.argv[1]))
            Draft202012Validator.check_schema(schema)
            validator = Draft202012Validator(schema)
            for path in sys.argv[2:]:
                errors = list(validator.iter_errors(json.load(open(path))))
                print("valid" if not errors else "invalid")
            """
        let result = try Self.run("/usr/bin/env", ["python3", "-c", script, schemaFile] + files)
        #expect(result.status == 0, "\(result.output)")
        return result.output.split(separator: "\n").map(String.init)
    }

    static let protocols = try! String(
        contentsOf: Tool.root.appendingPathComponent("scripts/examples/Protocols.json"), encoding: .utf8)

    @Test func schemaAcceptsWhatRunsAndRejectsWrongValues() throws {
        let result = try Tool.run(["schema"])
        #expect(result.status == 0, "\(result.stderr)")
        let verdicts = try validate(
            schema: result.stdout,
            [
                Self.protocols,
                #"[{"name": "MyThirdModule", "actions": [{"func": "openUrl(url:)", "value": "https://example.com/"}]}]"#,
                #"[{"name": "GenericProtocol.MyThirdModule", "actions": [{"func": "openUrlWithUrl:", "value": 42}]}]"#,
                #"[{"name": "MyFirstModule", "actions": [{"func": "sayHello", "value": "unexpected"}]}]"#,
                #"[{"name": "MyFirstModule"}]"#,
            ])
        #expect(verdicts == ["valid", "valid", "invalid", "invalid", "invalid"])
    }

    @Test func strictSchemaRejectsUnknownNamesAsCheckStrictDoes() throws {
        let result = try Tool.run(["schema", "--strict"])
        #expect(result.status == 0, "\(result.stderr)")
        let verdicts = try validate(
            schema: result.stdout,
            [
                #"[{"name": "MyFirstModule", "actions": [{"func": "sayHello"}, {"func": "sayGoodBye"}]}]"#,
                #"[{"name": "MyFirstModule", "actions": [{"func": "showPopup"}]}]"#,
                #"[{"name": "NoSuchModule", "actions": []}]"#,
                Self.protocols,
            ])
        #expect(verdicts == ["valid", "invalid", "invalid", "invalid"])
        // The same verdict as the checker's on the seed's file.
        #expect(try Tool.run(["check", "--strict", "scripts/examples/Protocols.json"]).status == 65)
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
