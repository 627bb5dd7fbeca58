import BehaveTestSupport
import Foundation
import Testing

/// `behave check` names the globals a script reads that nothing defines, which a run would find
/// nil, with their place and the likely name: a warning, an error with `--strict`.
@Suite("Unknown globals")
struct UnknownGlobalTests {
    @Test("a misspelt module, upper or lower case, fails check --strict with did you mean, as the run fails")
    func misspeltModule() throws {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write("print('start')\nKeynotes.show(\"x\")\nkeynote.screen(\"y\")\n", to: "typo.lua", in: work)
        let strict = try Tool.run(["check", "--strict", "typo.lua"], in: work)
        #expect(strict.status == 65)
        #expect(
            strict.stderr == """
                typo.lua:2:1: error: unknown module 'Keynotes' (did you mean 'Keynote'?)
                typo.lua:3:1: error: unknown module 'keynote' (did you mean 'Keynote'?)

                """)
        let warned = try Tool.run(["check", "typo.lua"], in: work)
        #expect(warned.status == 0)
        #expect(warned.stdout == "typo.lua: ok (2 warnings)\n")
        #expect(warned.stderr.hasPrefix("typo.lua:2:1: warning: unknown module 'Keynotes' (did you mean 'Keynote'?)"))
        let ran = try Tool.run(["run", "typo.lua"], in: work)
        #expect(ran.status == 1)
        #expect(ran.stderr.contains("attempt to index a nil value (global 'Keynotes')"), "\(ran.stderr)")
    }

    @Test("what the script defines, the standard library, the helpers, context and arg pass; locals are no globals")
    func knownNames() throws {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write(
            """
            #!/usr/bin/env behave
            function greet(name) return string.format("hello %s", name) end
            counter = 0
            local function bump() counter = counter + 1 end
            bump()
            print(greet(context.app or arg[0]), math.max(1, 2), table.concat({}), os.time() > 0, _VERSION)
            on("E", function(payload) emit("F", payload) end)
            after(1, function() stop() end)
            local Keynote = {frob = function() end}
            Keynote.frob()
            local _ENV = {print = print}
            print(anything)
            """, to: "fine.lua", in: work)
        let checked = try Tool.run(["check", "--strict", "fine.lua"], in: work)
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stdout == "fine.lua: ok\n")
    }

    @Test("a local ends with its block: the same name read after it is a global")
    func scopes() throws {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write(
            "do local total = 1 end\nprint(total)\nlocal function f(total) return total end\n", to: "scope.lua",
            in: work)
        let checked = try Tool.run(["check", "scope.lua"], in: work)
        #expect(checked.stderr == "scope.lua:2:7: warning: unknown global 'total'\n")
    }

    @Test("a test file has the test helpers; a behaviour does not")
    func testFiles() throws {
        let work = try Tool.temporaryDirectory()
        let code = "test('t', function() expect(fake('Keynote')).to_be_truthy() end)\n"
        _ = try Tool.write(code, to: "cart_test.lua", in: work)
        _ = try Tool.write(code, to: "cart.lua", in: work)
        let test = try Tool.run(["check", "--strict", "cart_test.lua"], in: work)
        #expect(test.status == 0, "\(test.stderr)")
        let behaviour = try Tool.run(["check", "cart.lua"], in: work)
        #expect(
            behaviour.stderr == """
                cart.lua:1:1: warning: unknown global 'test'
                cart.lua:1:22: warning: unknown global 'expect'
                cart.lua:1:29: warning: unknown global 'fake'

                """)
    }
}
