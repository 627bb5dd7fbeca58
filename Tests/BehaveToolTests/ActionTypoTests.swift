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
