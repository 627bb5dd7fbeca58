import BehaveTestSupport
import Foundation
import Testing

/// A misspelt `Module.action` in a Lua script is named, with its place and the likely action, by
/// `check` before it runs and by the runtime when it is reached.
@Suite("Misspelt actions in Lua scripts")
struct ActionTypoTests {
    static let script = """
        -- MyFirstModule.commented() is no reference, nor are the strings below
        local s = "MyFirstModule.inString()" .. [[
        MyFirstModule.inLongString()]]
        MyFirstModule.sayHelo()
        if has("MyFirstModule", "maybe") then MyFirstModule.maybe() end
        print(1.5, "日本", MyFirstModule.sayHello ~= nil) ; Keynote.sho("x")
        local MySecondModule = {}
        MySecondModule.anything = 1

        """

    @Test("-- requires: lines: check and run refuse a script this app cannot run, with file:line:column")
    func requirements() throws {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write(
            """
            #!/usr/bin/env behave
            -- The keynote, for apps with the vote.
            -- requires: Keynote.vote, Keynote.teleport
            -- requires: version >= 2.0, nonsense
            print('ran')
            -- requires: Late.ignored
            """, to: "needs.lua", in: work)
        let checked = try Tool.run(["check", "needs.lua"], in: work)
        #expect(checked.status == 65)
        #expect(
            checked.stderr == """
                needs.lua:3:28: error: requires Keynote.teleport, which this app does not have
                needs.lua:4:14: error: requires version >= 2.0; this app is \(Self.version)
                needs.lua:4:30: error: cannot read the requirement 'nonsense': expected Module.action or version >= X.Y

                """)
        let ran = try Tool.run(["run", "needs.lua"], in: work)
        #expect(ran.status == 65)
        #expect(ran.stdout == "")
        _ = try Tool.write("-- requires: Keynote.vote, version >= 0.1\nprint('ran')\n", to: "fine.lua", in: work)
        let fine = try Tool.run(["run", "fine.lua"], in: work)
        #expect(fine.status == 0, "\(fine.stderr)")
        #expect(fine.stdout == "ran\n")
    }

    /// The tool's version, as `--version` prints it.
    static var version: String {
        let line = (try? Tool.run(["--version"]).stdout) ?? ""
        return String(line.split(separator: " ").dropFirst().first ?? "")
    }

    @Test("check names literal arguments of the wrong type or count; names, expressions and calls pass")
    func arguments() throws {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write(
            """
            Keynote.vote(42)
            Keynote.vote("Lyon", "extra")
            Keynote.vote()
            Keynote.vote {1}
            Keynote.vote(1.5) ; MyThirdModule.openUrl(true)
            Keynote.vote(city) ; Keynote.vote(table.unpack(t)) ; Keynote.vote "Lyon" ; Keynote.vote [[Lyon]]
            Keynote.show(Keynote.screen("X")) ; MyFirstModule.sayHello() ; Keynote.vote(("a"):rep(2))
            Keynote.vote(nil) -- "nil" for a string
            MyFirstModule.sayHello(1)
            """, to: "arguments.lua", in: work)
        let warned = try Tool.run(["check", "arguments.lua"], in: work)
        #expect(warned.status == 0)
        #expect(
            warned.stderr == """
                arguments.lua:1:14: warning: Keynote.vote argument #1 'destination': expected string, found an integer
                arguments.lua:2:22: warning: Keynote.vote takes 1 argument, but 2 were given
                arguments.lua:3:9: warning: Keynote.vote is missing its string argument #1 'destination'
                arguments.lua:4:14: warning: Keynote.vote argument #1 'destination': expected string, found a table
                arguments.lua:5:14: warning: Keynote.vote argument #1 'destination': expected string, found a number
                arguments.lua:5:43: warning: MyThirdModule.openUrl argument #1 'url': expected string, found a boolean
                arguments.lua:6:14: warning: unknown global 'city'
                arguments.lua:6:48: warning: unknown global 't'
                arguments.lua:8:14: warning: Keynote.vote argument #1 'destination': expected string, found nil
                arguments.lua:9:24: warning: MyFirstModule.sayHello takes 0 arguments, but 1 was given

                """)
        let strict = try Tool.run(["check", "--strict", "arguments.lua"], in: work)
        #expect(strict.status == 65)
        #expect(strict.stderr.hasPrefix("arguments.lua:1:14: error: Keynote.vote argument #1"))
    }

    @Test("a JSON list's misspelt module or action gets the suggestion a script's does, at check and at run")
    func actionList() throws {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write(
            """
            [{"name": "Keynot", "actions": [{"func": "show", "value": "x"}]},
             {"name": "Keynote", "actions": [{"func": "shwo", "value": "x"}]},
             {"name": "MyFirstModule", "actions": [{"func": "sayHello", "value": 1}]}]
            """, to: "typo.json", in: work)
        let expected = """
            typo.json:1:11: warning: no module named 'Keynot' (did you mean 'Keynote'?); skipped
            typo.json:2:43: warning: Keynote has no action 'shwo' (did you mean 'show'?); skipped
            typo.json:3:70: error: MyFirstModule.sayHello(): takes 0 arguments, but 1 was given

            """
        let checked = try Tool.run(["check", "typo.json"], in: work)
        #expect(checked.status == 65)
        #expect(checked.stderr == expected)
        let ran = try Tool.run(["run", "typo.json"], in: work)
        #expect(ran.status == 65)
        #expect(ran.stderr == expected)
        let strict = try Tool.run(["check", "--strict", "typo.json"], in: work)
        #expect(strict.stderr.hasPrefix("typo.json:1:11: error: no module named 'Keynot' (did you mean 'Keynote'?)\n"))
    }

    @Test("check warns with file:line:column and a suggestion; --strict makes them errors")
    func check() throws {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write(Self.script, to: "typo.lua", in: work)
        let warned = try Tool.run(["check", "typo.lua"], in: work)
        #expect(warned.status == 0)
        #expect(warned.stdout == "typo.lua: ok (2 warnings)\n")
        #expect(
            warned.stderr == """
                typo.lua:4:15: warning: MyFirstModule has no action 'sayHelo'; did you mean 'sayHello'?
                typo.lua:6:59: warning: Keynote has no action 'sho'; did you mean 'show'?

                """)
        let strict = try Tool.run(["check", "--strict", "typo.lua"], in: work)
        #expect(strict.status == 65)
        #expect(strict.stderr.contains("typo.lua:4:15: error: MyFirstModule has no action 'sayHelo'"))
        let clean = try Tool.run(["check", "--strict", "scripts/examples/keynote.lua"])
        #expect(clean.status == 0, "\(clean.stderr)")
    }

    @Test(
        "a run that reaches a missing action stops there, naming it, in the sandbox and trusted",
        arguments: [[], ["--trusted"]])
    func runTime(options: [String]) throws {
        let typo = try Tool.run(["run"] + options + ["-e", "print('before')\nMyFirstModule.sayHelo()"])
        #expect(typo.stdout == "before\n")
        #expect(
            typo.stderr.hasPrefix(
                "behave: (command line):2: MyFirstModule has no action 'sayHelo'; did you mean 'sayHello'?"))
        #expect(typo.status == 1)
        let unknown = try Tool.run(["run"] + options + ["-e", "Keynote.frobnicate()"])
        #expect(
            unknown.stderr.hasPrefix(
                "behave: (command line):1: Keynote has no action 'frobnicate' (its actions: screen, show, vote)"))
        let asked = try Tool.run(["run"] + options + ["-e", "print(has('Keynote', 'frob'), has('Keynote', 'show'))"])
        #expect(asked.stdout == "false\ttrue\n", "\(asked.stderr)")
    }
}
