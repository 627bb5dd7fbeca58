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
        "anything more, an option or a URL goes through the parser",
        arguments: [
            ["run"], ["run", "--strict"], ["run", "-h"], ["run", "a.lua", "--fast"], ["run", "a.lua", "--", "x"],
            ["run", "https://example.com/b.lua"], ["run", "HTTP://example.com/b.lua"], ["check", "a.lua"], [],
            ["a.lua"],
        ])
    func parsedOtherwise(arguments: [String]) {
        #expect(RunInvocation(plainCommandLine: arguments) == nil)
    }
}
