import BehaveTestSupport
import Foundation
import Testing

/// What a Lua author types out of habit from the stock `lua` command works in `behave` too.
@Suite("The lua command's habits")
struct LuaHabitsTests {
    @Test("run - reads the behaviour from stdin, a Lua script or a JSON list, with script arguments")
    func runStdin() throws {
        let script = try Tool.run(["run", "-", "a", "b"], input: "print(select('#', ...), ...)\n")
        #expect(script.stdout == "2\ta\tb\n")
        #expect(script.status == 0)
        let list = try Tool.run(
            ["run", "-"], input: #"[{"name": "MyFirstModule", "actions": [{"func": "sayHello"}]}]"#)
        #expect(list.stdout == "Hello My name is MyFirstModule\n")
        let failing = try Tool.run(["run", "-"], input: "print('x')\nerror('piped')\n")
        #expect(failing.stderr.hasPrefix("behave: stdin:2: piped"))
        #expect(failing.status == 1)
        let invalid = try Tool.run(["check", "-"], input: "[\n")
        #expect(invalid.stderr == "stdin:2:1: error: expected a value, found end of file (the file is truncated)\n")
        #expect(invalid.status == 65)
    }

    @Test("-e runs a chunk in place of a file, and its errors name (command line)")
    func execute() throws {
        let printed = try Tool.run(["run", "-e", "x = 6", "-e", "print(x * 7)"])
        #expect(printed.stdout == "42\n")
        #expect(printed.status == 0)
        let failing = try Tool.run(["run", "-e", "error('boom')"])
        #expect(failing.stderr.hasPrefix("behave: (command line):1: boom"))
        #expect(failing.status == 1)
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write("print(x, ...)\n", to: "a.lua", in: work)
        let both = try Tool.run(["run", "-e", "x = 1", "a.lua", "y"], in: work)
        #expect(both.stdout == "1\ty\n", "-e runs before the script, in its state, as lua -e does")
        #expect(both.status == 0)
        let neither = try Tool.run(["run"], input: "print('piped')\n")
        #expect(neither.stdout == "piped\n", "no script: what stdin holds, as lua runs it")
    }

    @Test(
        "every word after the file is the script's, options and -- included, as lua has it",
        arguments: [
            (["a", "b"], "2\ta\tb\n"), (["a", "--", "-x"], "3\ta\t--\t-x\n"), (["--fast", "a"], "2\t--fast\ta\n"),
            (["--trusted", "a", "b"], "3\t--trusted\ta\tb\n"), (["--time-limit", "5", "a"], "3\t--time-limit\t5\ta\n"),
        ])
    func argumentsAfterTheFile(arguments: [String], printed: String) throws {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write("print(select('#', ...), ...)\n", to: "args.lua", in: work)
        let result = try Tool.run(["run", "args.lua"] + arguments, in: work)
        #expect(result.stdout == printed, "\(result.stderr)")
        #expect(result.status == 0)
    }

    @Test(
        "the shell completion scripts complete behaviour file names for the commands that take them",
        arguments: [
            ("bash", #"-fX '!*.@(lua|json)'"#), ("zsh", #":file:_files -g '\''*.lua *.json'\''"#),
            ("fish", #"set -l exts \'lua\' \'json\'"#),
        ])
    func completion(shell: String, fileCompletion: String) throws {
        let script = try Tool.run(["--generate-completion-script", shell])
        #expect(script.status == 0)
        #expect(script.stdout.contains(fileCompletion), "\(script.stdout.prefix(2000))")
    }

    @Test("-v prints Behave's and Lua's versions, as --version does")
    func version() throws {
        let short = try Tool.run(["-v"])
        #expect(short.stdout == "behave 0.3.0 (Lua 5.4.4)\n")
        #expect(short.status == 0)
        #expect(try Tool.run(["--version"]).stdout == short.stdout)
    }
}
