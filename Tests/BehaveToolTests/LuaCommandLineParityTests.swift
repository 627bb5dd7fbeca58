import BehaveTestSupport
import Foundation
import Testing

/// `behave [options] [script [args]]` is lua5.4's command line: each case runs the same words
/// under the real lua5.4 and under behave, and both print the same, exit the same and report an
/// error with the same first line (after the program's name). The differences docs/cli.md lists
/// ("The lua command line") have tests of their own below.
@Suite("The command line against the stock lua5.4")
struct LuaCommandLineParityTests {
    /// One command line: its words after the program's name, what is piped to it, and the
    /// options behave takes before them (`--trusted` for what the sandbox leaves out).
    struct Case: CustomTestStringConvertible, Sendable {
        var words: [String]
        var input: String? = nil
        var behaveOptions: [String] = []
        var environment: [String: String] = [:]
        var testDescription: String { (behaveOptions + words).joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(words: ["s.lua", "a", "-b", "--c"]),
        Case(words: ["s.lua"]),
        Case(words: ["s.lua", "--", "x"]),
        Case(words: ["s.lua", "-e", "print(2)", "-i", "-"]),
        Case(words: ["--", "s.lua", "a"]),
        Case(words: ["args.lua", "one", "", "three four"]),
        Case(words: ["-e", "x = 1", "args.lua", "a"]),
        Case(words: ["-e", "print(1)"]),
        Case(words: ["-eprint(3)"]),
        Case(words: ["-e", "x = 40", "-e", "print(x + 2)"]),
        Case(words: ["-e", "local y = 1", "-e", "print(y)"]),
        Case(words: ["-e", "x = 'from -e'", "s.lua", "a"]),
        Case(words: ["-e", "print(select('#', ...))"]),
        Case(words: ["-l", "mod", "-e", "print(mod.v)"]),
        Case(words: ["-lmod", "-e", "print(mod.v)"]),
        Case(words: ["-l", "g=mod", "-e", "print(g.v, mod)"]),
        Case(words: ["-e", "print(mod)", "-l", "mod"]),
        Case(words: ["-l", "mod", "uses-mod.lua"]),
        Case(words: ["-"], input: "print('piped', ...)\n"),
        Case(words: ["-", "a", "-b"], input: "print('piped', ...)\n"),
        Case(words: [], input: "print('bare')\n"),
        Case(words: ["err.lua"]),
        Case(words: ["err.lua", "a"]),
        Case(words: ["-e", "error('boom')"]),
        Case(words: ["-e", "error({})"], behaveOptions: ["--trusted"]),
        Case(words: ["-e", "x = 1", "-e", "error('second')"]),
        Case(words: ["-e", "os.exit(3)"], behaveOptions: ["--trusted"]),
        Case(words: ["-e", "print(1)"], behaveOptions: ["--trusted"], environment: ["LUA_INIT": "print('init')"]),
        Case(
            words: ["-e", "print(1)"], behaveOptions: ["--trusted"],
            environment: ["LUA_INIT_5_4": "print('5.4')", "LUA_INIT": "print('init')"]),
        Case(
            words: ["-E", "-e", "print(1)"], behaveOptions: ["--trusted"], environment: ["LUA_INIT": "print('init')"]),
        Case(words: ["-e", "print(arg[-1], arg[0], arg[1])", "s.lua", "a"], behaveOptions: ["--trusted"]),
    ]

    /// The scripts the cases name, in a fresh directory.
    static func corpus() throws -> URL {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write("print('hi', ...)\nif x then print(x) end\n", to: "s.lua", in: work)
        _ = try Tool.write(
            "print(#arg, select('#', ...))\nfor i = 0, #arg do print(i, arg[i]) end\nprint(arg[-2], arg[-1])\n",
            to: "args.lua", in: work)
        _ = try Tool.write(
            "local function f() error('failed here') end\nprint('before')\nf()\n", to: "err.lua", in: work)
        _ = try Tool.write("return { v = 'mod loaded' }\n", to: "mod.lua", in: work)
        _ = try Tool.write("print(mod.v, ...)\n", to: "uses-mod.lua", in: work)
        return work
    }

    /// `text` with the program's name (as the stock one writes it, or behave's path) made `PROG`.
    static func normalized(_ text: String, program: String) -> String {
        text.replacingOccurrences(of: program, with: "PROG")
    }

    static func firstLine(_ text: String, dropping program: String) -> String {
        let line = String(text.prefix { $0 != "\n" })
        return line.hasPrefix(program + ": ") ? String(line.dropFirst(program.count + 2)) : line
    }

    @Test("each command line prints, exits and fails as under lua5.4", arguments: cases)
    func parity(_ commandLine: Case) throws {
        let work = try Self.corpus()
        var environment = ProcessInfo.processInfo.environment
        environment["LUA_INIT"] = nil
        environment["LUA_INIT_5_4"] = nil
        environment.merge(commandLine.environment) { $1 }
        let stock = try Tool.run(
            ["lua5.4"] + commandLine.words, in: work, input: commandLine.input,
            program: URL(fileURLWithPath: "/usr/bin/env"), environment: environment)
        let behave = try Tool.run(
            commandLine.behaveOptions + commandLine.words, in: work, input: commandLine.input, environment: environment)
        #expect(behave.status == stock.status, "\(behave.stderr)")
        #expect(
            Self.normalized(behave.stdout, program: Tool.executable.path)
                == Self.normalized(stock.stdout, program: "lua5.4"))
        #expect(
            Self.firstLine(behave.stderr, dropping: "behave") == Self.firstLine(stock.stderr, dropping: "lua5.4"),
            "\(behave.stderr)")
    }

    @Test("a #!/usr/bin/env script runs with its arguments, dashes and all, as under lua5.4")
    func shebang() throws {
        let work = try Tool.temporaryDirectory()
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let environment = ["PATH": Tool.products.path + ":" + path]
        var outputs: [String] = []
        for program in ["behave", "lua5.4"] {
            let script = try Tool.write("#!/usr/bin/env \(program)\nprint('hi', ...)\n", to: program + ".lua", in: work)
            #expect(chmod(script, 0o755) == 0)
            let result = try Tool.run(
                ["a", "-b", "--c"], in: work, program: URL(fileURLWithPath: script), environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            outputs.append(result.stdout)
        }
        #expect(outputs == ["hi\ta\t-b\t--c\n", "hi\ta\t-b\t--c\n"])
    }

    @Test("a runtime error reads as lua's: the program's name, file:line: message, a traceback")
    func runtimeError() throws {
        let work = try Self.corpus()
        let behave = try Tool.run(["err.lua"], in: work)
        let stock = try Tool.run(["lua5.4", "err.lua"], in: work, program: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(behave.stderr.hasPrefix("behave: err.lua:1: failed here\nstack traceback:\n"))
        // The stock traceback ends in the C frame that called the main chunk, which the sandbox has not.
        let frames = stock.stderr.split(separator: "\n").dropFirst().filter { $0 != "\t[C]: in ?" }
        #expect(Array(behave.stderr.split(separator: "\n").dropFirst()) == Array(frames))
    }

    @Test("the differences docs/cli.md lists: exit codes, -i's prompts, -v's line, arg without a script")
    func documentedDifferences() throws {
        let work = try Self.corpus()
        _ = try Tool.write("print(\n", to: "bad.lua", in: work)
        let syntax = try Tool.run(["bad.lua"], in: work)
        #expect(syntax.status == 65, "a syntax error: nothing ran (lua: 1)")
        let help = try Tool.run(["run", "--help"], in: work)
        #expect(help.status == 0 && help.stdout.contains("-e <stat>"), "\(help.stderr)")
        let unknown = try Tool.run(["-z"], in: work)
        #expect(unknown.status == 64, "an unknown option is a usage error (lua: 1)")
        #expect(unknown.stderr.contains("Unknown option '-z'"))
        let interactive = try Tool.run(["-i", "s.lua"], in: work, input: "print('then', x)\n")
        #expect(interactive.stdout == "hi\nthen\tnil\n", "piped, -i runs stdin as a script, with no prompts")
        let version = try Tool.run(["-v"], in: work)
        #expect(version.stdout.hasPrefix("behave "))
        let noScript = try Tool.run(["-e", "print(arg and arg[0])"], in: work)
        #expect(noScript.stdout == "(command line)\n", "without a script, arg[0] names the -e chunk (lua: the program)")
        let missing = try Tool.run(["missing.lua"], in: work)
        #expect(missing.status == 66, "an unreadable script: nothing ran (lua: 1)")
        #expect(missing.stderr.hasPrefix("behave: missing.lua: cannot read: "))
        let module = try Tool.run(["-l", "missing", "-e", "print(1)"], in: work)
        #expect(module.status == 1)
        #expect(
            module.stderr.hasPrefix(
                "behave: (command line):1: module 'missing' not found:\n\tno file './missing.lua'\n"),
            "the sandbox's require looks beside the script only, and its error has the chunk's place")
        let sandboxed = try Tool.run(["-e", "print(x)"], in: work, environment: ["LUA_INIT": "x = 1"])
        #expect(sandboxed.stdout == "nil\n", "LUA_INIT runs only under --trusted")
    }
}
