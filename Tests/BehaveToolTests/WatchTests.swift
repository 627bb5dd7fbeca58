import BehaveTestSupport
import Foundation
import Testing

/// `behave run --watch`: the behaviour runs again when it or a file it required changes.
@Suite("Watching a behaviour")
struct WatchTests {
    @Test("a change to the behaviour or to what it required runs it again; a failure waits for a fix; Ctrl-C ends it")
    func watch() throws {
        let work = try Tool.temporaryDirectory()
        let helper = try Tool.write("return {v = 1}\n", to: "helper.lua", in: work)
        let script = try Tool.write(
            "package = nil\nprint('v', require('helper').v)\n", to: "watched.lua", in: work)
        let terminal = try PseudoTerminal(["run", "--watch", script], environment: [:])
        try terminal.expect("v\t1\r\n")
        try terminal.expect("watching 2 files; Ctrl-C stops\r\n")
        _ = try Tool.write("return {v = 22}\n", to: "helper.lua", in: work)
        try terminal.expect("\(helper) changed; running again\r\n")
        try terminal.expect("v\t22\r\n")
        try terminal.expect("watching 2 files; Ctrl-C stops\r\n")
        _ = try Tool.write("error('broken')\n", to: "watched.lua", in: work)
        try terminal.expect("watched.lua changed; running again\r\n")
        try terminal.expect("watched.lua:1: broken")
        try terminal.expect("watching 1 file; Ctrl-C stops\r\n")
        try terminal.type("\u{3}")
        #expect(try terminal.waitForExit() == 130)
    }

    @Test(
        "--watch needs a file: -e, stdin and URLs are refused with one line",
        arguments: [
            ["run", "--watch", "-e", "print(1)"], ["run", "--watch", "-"],
            ["run", "--watch", "https://example.com/b.lua"],
        ])
    func refused(arguments: [String]) throws {
        let result = try Tool.run(arguments, input: "")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --watch watches a behaviour file: not -e, stdin or a URL"))
    }
}
