import BehaveTestSupport
import Foundation
import Testing

/// Every input the tool reads is bounded (docs/cli.md, "Input limits"): nothing reads until
/// memory runs out.
@Suite("Inputs past the input limit are refused with one line")
struct InputLimitTests {
    func expectRefused(
        _ result: Tool.Result, _ name: String, limit: String = "16 MiB",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == 66, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(
            result.stderr == "behave: \(name): larger than the input limit of \(limit) (--max-input changes it)\n",
            sourceLocation: sourceLocation)
    }

    @Test("behave run /dev/zero")
    func runZero() throws {
        expectRefused(try Tool.run(["run", "/dev/zero"]), "/dev/zero")
        expectRefused(try Tool.run(["run", "--trusted", "/dev/zero"]), "/dev/zero")
    }

    @Test("behave check and translate /dev/zero")
    func checkZero() throws {
        expectRefused(try Tool.run(["check", "/dev/zero"]), "/dev/zero")
        expectRefused(try Tool.run(["translate", "/dev/zero"]), "/dev/zero")
    }

    @Test("--events /dev/zero")
    func eventsZero() throws {
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write("print('never')\n", to: "s.lua", in: directory)
        let result = try Tool.run(["run", "--events", "/dev/zero", script])
        expectRefused(result, "/dev/zero")
        #expect(result.stdout.isEmpty)
    }

    @Test("behave repl < /dev/zero")
    func replZero() throws {
        expectRefused(try Tool.run(["repl"], inputFile: "/dev/zero"), "stdin")
    }

    @Test("a file one byte past --max-input is refused before it runs; at the limit it runs")
    func atTheLimit() throws {
        let directory = try Tool.temporaryDirectory()
        let source = "print('ran')\n"
        let file = try Tool.write(source, to: "s.lua", in: directory)
        let exact = try Tool.run(["run", "--max-input", "\(source.utf8.count)", file])
        #expect(exact.status == 0)
        #expect(exact.stdout == "ran\n")
        let short = try Tool.run(["run", "--max-input", "\(source.utf8.count - 1)", file])
        expectRefused(short, file, limit: "\(source.utf8.count - 1) bytes")
        #expect(short.stdout.isEmpty)
        let none = try Tool.run(["run", "--max-input", "0", file])
        #expect(none.status == 0)
    }

    @Test("a module require finds is bounded too")
    func requiredModule() throws {
        let directory = try Tool.temporaryDirectory()
        _ = try Tool.write("return {x = '" + String(repeating: "x", count: 2000) + "'}\n", to: "big.lua", in: directory)
        let file = try Tool.write("local ok, e = pcall(require, 'big') print(ok, e)\n", to: "main.lua", in: directory)
        let result = try Tool.run(["run", "--max-input", "1K", file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("false"))
        #expect(result.stdout.contains("big.lua: larger than the input limit of 1 KiB"), "\(result.stdout)")
    }

    @Test("--events -: a line past the limit is reported and skipped; the lines after it arrive")
    func liveLineTooLong() throws {
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write(
            "on('e', function(p) print('got', p.n) end)\n", to: "s.lua", in: directory)
        let long = "{\"event\": \"e\", \"data\": {\"n\": 1, \"pad\": \"" + String(repeating: "p", count: 5000) + "\"}}"
        let input = "\(long)\n{\"event\": \"e\", \"data\": {\"n\": 2}}\n\(long)"
        let result = try Tool.run(["run", "--max-input", "1K", "--events", "-", script], input: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "got\t2\n")
        #expect(
            result.stderr
                == "stdin:1: the line is longer than the input limit of 1 KiB (--max-input); skipped\n"
                + "stdin:3: the line is longer than the input limit of 1 KiB (--max-input); skipped\n")
    }

    @Test("--events - reading /dev/zero holds at most the limit, and says so at once")
    func liveZero() throws {
        let directory = try Tool.temporaryDirectory()
        // The behaviour stops itself: the stream never ends.
        let script = try Tool.write("after(2, function() stop() end)\n", to: "s.lua", in: directory)
        let result = try Tool.run(["run", "--max-input", "64K", "--events", "-", script], inputFile: "/dev/zero")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr == "stdin:1: the line is longer than the input limit of 64 KiB (--max-input); skipped\n")
    }

    @Test("a key file past 64 KiB is no key: one line, exit 66")
    func keyFile() throws {
        let directory = try Tool.temporaryDirectory()
        let file = try Tool.write("print('x')\n", to: "s.lua", in: directory)
        let result = try Tool.run(["verify", file, "--public-key", "/dev/zero"])
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stderr == "behave: /dev/zero: cannot read: larger than 64 KiB: not a key or signature\n")
    }

    @Test("verify and a URL's --fallback read no more than --max-input either")
    func verifyAndFallback() throws {
        let directory = try Tool.temporaryDirectory()
        let keys = try Tool.run(["keygen", "team"], in: directory)
        #expect(keys.status == 0, "\(keys.stderr)")
        let file = try Tool.write("print('signed')\n", to: "s.lua", in: directory)
        let verify = try Tool.run(
            ["verify", file, "--public-key", directory.appendingPathComponent("team.pub").path, "--max-input", "8"])
        expectRefused(verify, file, limit: "8 bytes")
        // The fallback is read before anything is fetched: no server is needed to see it refused.
        let run = try Tool.run(["run", "https://127.0.0.1:9/b.lua", "--fallback", file, "--max-input", "8"])
        expectRefused(run, file, limit: "8 bytes")
    }

    @Test("--max-input takes bytes from 0 to 1024GiB")
    func outOfRange() throws {
        for value in ["-1", "2048GiB", "lots"] {
            let result = try Tool.run(["run", "--max-input", value, "x.lua"])
            #expect(result.status == 64, "\(value): \(result.stderr)")
            #expect(result.stderr.contains("--max-input"), "\(result.stderr)")
        }
    }
}
