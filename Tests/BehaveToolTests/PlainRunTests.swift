import Behave
import Testing

@testable import BehaveCLI

/// The plain `behave run FILE` starts without ArgumentParser; it must ask for exactly what the
/// parsed command line would, and every other command line must still be parsed.
@Suite("The plain behave run FILE")
struct PlainRunTests {
    @Test(
        "it runs what ArgumentParser would have parsed",
        arguments: ["a.lua", "Protocols.json", "help", "dir/with space.lua", "run", "x"])
    func sameAsParsed(file: String) throws {
        let plain = try #require(RunInvocation(plainCommandLine: ["run", file]))
        #expect(plain == (try RunCommand.parse([file])).invocation)
    }

    @Test(
        "with the limits that take a number, it runs what ArgumentParser would have parsed",
        arguments: [
            ["--instruction-limit", "1000"], ["--depth-limit", "50"], ["--time-limit", "2"],
            ["--duration-limit", "60"],
            ["--time-limit", "30", "--duration-limit", "60", "--instruction-limit", "0", "--depth-limit", "7"],
        ])
    func limitsSameAsParsed(options: [String]) throws {
        let plain = try #require(RunInvocation(plainCommandLine: ["run"] + options + ["a.lua"]))
        let parsed = try RunCommand.parse(options + ["a.lua"]).invocation
        #expect(plain == parsed)
        #expect(plain.policy != SandboxPolicy(), "the options took effect")
    }

    @Test(
        "script arguments, every word after the file, are what ArgumentParser would have parsed",
        arguments: [
            ["a.lua", "--", "x"], ["a.lua", "--"], ["a.lua", "--", "--", "-h", "--time-limit"],
            ["--time-limit", "2", "a.lua", "--", "1", "2"], ["a.lua", "x", "y"], ["a.lua", "x", "--", "y"],
            ["--depth-limit", "9", "a.lua", "x", "--", "-y"], ["-"], ["-", "x"], ["a.lua", "--fast", "-e", "x"],
            ["--", "a.lua", "-x"], ["--time-limit", "2", "--", "-", "--x"],
        ])
    func scriptArgumentsSameAsParsed(arguments: [String]) throws {
        let plain = try #require(RunInvocation(plainCommandLine: ["run"] + arguments))
        #expect(plain == (try RunCommand.parse(arguments)).invocation)
        #expect(RunInvocation(plainCommandLine: arguments) == plain, "without run, as lua's command line")
    }

    @Test("the command names the plain run knows are the commands' own")
    func commandNamesSpelledOut() {
        #expect(BehaveCommand.commandNames == Set(BehaveCommand.subcommands.map { $0._commandName } + ["help"]))
    }

    @Test(
        "a command's name is the command, not a script",
        arguments: ["check", "test", "repl", "translate", "modules", "schema", "keygen", "help"])
    func commandNames(name: String) {
        #expect(RunInvocation(plainCommandLine: [name, "a.lua"]) == nil)
    }

    @Test(
        "anything more, an option or a URL goes through the parser",
        arguments: [
            ["run"], ["run", "--strict"], ["run", "-h"], ["run", "--fast", "a.lua"], ["-e", "print(1)"],
            ["run", "-e", "print(1)"], ["run", "-i", "a.lua"], ["run", "--"], ["--help"], ["-v"],
            ["run", "--fast", "a.lua", "--", "x"],
            ["run", "https://example.com/b.lua"], ["run", "HTTP://example.com/b.lua"], ["check", "a.lua"], [],
            ["run", "--instruction-limit", "-1", "a.lua"], ["run", "--instruction-limit", "+1", "a.lua"],
            ["run", "--instruction-limit", "", "a.lua"],
            ["run", "--instruction-limit", "99999999999999999999", "a.lua"],
            ["run", "--time-limit", "99999999999", "a.lua"], ["run", "--depth-limit", "2000000", "a.lua"],
            ["run", "--instruction-limit=5", "a.lua"], ["run", "--instruction-limit", "5"],
            ["run", "--time-limit", "0.5", "a.lua"], ["run", "--time-limit", "1", "--time-limit", "2", "a.lua"],
            ["run", "--memory-limit", "1000", "a.lua"], ["run", "--trusted", "--time-limit", "5", "a.lua"],
        ])
    func parsedOtherwise(arguments: [String]) {
        #expect(RunInvocation(plainCommandLine: arguments) == nil)
    }
}
