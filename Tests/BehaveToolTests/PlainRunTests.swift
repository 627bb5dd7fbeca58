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
        let counted = try #require(RunInvocation(plainCommandLine: ["run", "--instruction-limit", "1000", file]))
        #expect(counted == (try RunCommand.parse(["--instruction-limit", "1000", file])).invocation)
        #expect(counted.policy.limits.instructions == 1000)
    }

    @Test(
        "anything more, an option or a URL goes through the parser",
        arguments: [
            ["run"], ["run", "--strict"], ["run", "-h"], ["run", "a.lua", "--fast"], ["run", "a.lua", "--", "x"],
            ["run", "https://example.com/b.lua"], ["run", "HTTP://example.com/b.lua"], ["check", "a.lua"], [],
            ["a.lua"], ["run", "--instruction-limit", "-1", "a.lua"], ["run", "--instruction-limit", "+1", "a.lua"],
            ["run", "--instruction-limit", "", "a.lua"],
            ["run", "--instruction-limit", "99999999999999999999", "a.lua"],
            ["run", "--instruction-limit=5", "a.lua"], ["run", "--instruction-limit", "5"],
            ["run", "--time-limit", "5", "a.lua"],
        ])
    func parsedOtherwise(arguments: [String]) {
        #expect(RunInvocation(plainCommandLine: arguments) == nil)
    }
}
