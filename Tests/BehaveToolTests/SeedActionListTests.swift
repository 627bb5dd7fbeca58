import BehaveTestSupport
import Foundation
import Testing

@Suite("The seed's Protocols.json, end to end")
struct SeedActionListTests {
    static let seedOutput = """
        Hello My name is MyFirstModule
        GoodBye My name was MyFirstModule
        What's up? My name is MySecondModule
        See you, My name was MySecondModule
        open https://eleven-labs.com/

        """

    static let seedFixture = Tool.root.appendingPathComponent("../shared/fixtures/Protocols.json")

    // The seed fixture sits beside the repository in CI and the steering checkout; a plain
    // clone elsewhere does not have it, so the comparison is skipped (and shown as skipped) there.
    @Test(
        "the example is the seed's file, verbatim",
        .enabled(if: FileManager.default.fileExists(atPath: seedFixture.path), "../shared is not beside this clone"))
    func verbatim() throws {
        let example = try Data(contentsOf: Tool.root.appendingPathComponent("scripts/examples/Protocols.json"))
        let seed = try Data(contentsOf: Self.seedFixture)
        #expect(example == seed)
    }

    @Test("runs unchanged: the seed's lines in order, warnings for the missing actions, exit 0")
    func run() throws {
        let result = try Tool.run(["run", "scripts/examples/Protocols.json"])
        #expect(result.status == 0)
        #expect(result.stdout == Self.seedOutput)
        #expect(
            result.stderr == """
                scripts/examples/Protocols.json:10:25: warning: MyFirstModule has no action 'showPopup'; skipped
                scripts/examples/Protocols.json:25:25: warning: MySecondModule has no action 'showPlop'; skipped

                """)
    }

    @Test("--strict refuses before running anything and names both actions")
    func strict() throws {
        let result = try Tool.run(["run", "--strict", "scripts/examples/Protocols.json"])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Protocols.json:10:25: error: MyFirstModule has no action 'showPopup'"))
        #expect(result.stderr.contains("Protocols.json:25:25: error: MySecondModule has no action 'showPlop'"))
    }

    @Test("translate prints a Lua script that runs to the same output")
    func translate() throws {
        let translated = try Tool.run(["translate", "scripts/examples/Protocols.json"])
        #expect(translated.status == 0)
        #expect(translated.stdout.contains("MyThirdModule.openUrl(\"https://eleven-labs.com/\")"))
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write(translated.stdout, to: "Protocols.lua", in: directory)
        let run = try Tool.run(["run", script])
        #expect(run.status == 0)
        #expect(run.stdout == Self.seedOutput)
    }

    @Test("check validates without running")
    func check() throws {
        let ok = try Tool.run(["check", "scripts/examples/Protocols.json"])
        #expect(ok.status == 0)
        #expect(ok.stdout == "scripts/examples/Protocols.json: ok (2 warnings)\n")
        let strict = try Tool.run(["check", "--strict", "scripts/examples/Protocols.json"])
        #expect(strict.status == 65)
    }

    @Test("modules lists every module and action with signatures")
    func modules() throws {
        let text = try Tool.run(["modules"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("MyThirdModule — Opens web pages (seed module)\n  openUrl(url: string)"))
        #expect(text.stdout.contains("  sayHello()"))
        let json = try Tool.run(["modules", "--json"])
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(
            parsed?.map { $0["name"] as? String } == [
                "MyFirstModule", "MySecondModule", "MyThirdModule", "Keynote", "store",
            ])
        #expect(text.stdout.contains("async vote(destination: string): string"))
    }

    @Test("a Lua file runs and prints")
    func luaFile() throws {
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write(
            "print('hello from ' .. _VERSION, 1 + 1)\nMyFirstModule.sayHello()\nprint(has('MyFirstModule', 'showPopup'), has('GenericProtocol.MyThirdModule', 'openUrlWithUrl:'))\n",
            to: "hello.lua", in: directory)
        let result = try Tool.run(["run", script])
        #expect(result.status == 0)
        #expect(result.stdout == "hello from Lua 5.4\t2\nHello My name is MyFirstModule\nfalse\ttrue\n")
    }

    @Test("an invalid URL is an action error with the JSON line, not a crash")
    func invalidURL() throws {
        let directory = try Tool.temporaryDirectory()
        let file = try Tool.write(
            """
            [{"name": "MyThirdModule", "actions": [
              {"func": "openUrlWithUrl:", "value": "not a url"}
            ]}]
            """, to: "bad-url.json", in: directory)
        let result = try Tool.run(["run", file])
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad-url.json:2: invalid URL 'not a url'"))
    }
}
