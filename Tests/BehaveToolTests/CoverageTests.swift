import BehaveTestSupport
import Foundation
import Testing

/// `behave test --coverage`: an lcov tracefile of the behaviours the tests ran, through the built
/// tool, and Debian's genhtml reading it.
@Suite("behave test --coverage")
struct CoverageTests {
    /// The tracefile's records: path -> its lines (`DA`: line -> runs) and functions (`FNDA`: name -> calls).
    static func records(_ lcov: String) -> [String: (lines: [Int: Int], functions: [String: Int])] {
        var records: [String: (lines: [Int: Int], functions: [String: Int])] = [:]
        var current = ""
        for line in lcov.split(separator: "\n").map(String.init) {
            let (key, value) = (line.prefix(while: { $0 != ":" }), line.drop(while: { $0 != ":" }).dropFirst())
            let parts = value.split(separator: ",", maxSplits: 1).map(String.init)
            switch key {
            case "SF":
                current = String(value)
                records[current] = ([:], [:])
            case "DA": records[current]?.lines[Int(parts[0])!] = Int(parts[1])!
            case "FNDA": records[current]?.functions[parts[1]] = Int(parts[0])!
            default: break
            }
        }
        return records
    }

    @Test("docs/testing.md's coverage run: the keynote's lines hit and missed, its functions, genhtml's pages")
    func keynote() throws {
        let work = try TestCommandTests.keynoteCopy()
        let result = try DocsTests.bash(try Docs.block("coverage-run", in: "docs/testing.md"), in: work)
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try Docs.block("coverage-summary", in: "docs/testing.md")
        #expect(result.stdout.hasSuffix("3 passed, 0 failed\n" + summary), "\(result.stdout)")
        let records = Self.records(try Tool.read("lcov.info", in: work))
        #expect(Array(records.keys) == ["scripts/examples/keynote.lua"], "the tests' own file is left out")
        let keynote = try #require(records["scripts/examples/keynote.lua"])
        // What no test reaches: a destination that has no train, the end of the vote, the departures,
        // a position while no obstacle holds the train.
        for line in [29, 30, 38, 39, 40, 41, 46, 54, 72] { #expect(keynote.lines[line] == 0, "line \(line)") }
        for line in [10, 15, 19, 25, 34, 65, 67, 78] { #expect((keynote.lines[line] ?? 0) > 0, "line \(line)") }
        // The `end` of a handler is where the main chunk makes it and passes it to `on`.
        for line in [16, 20, 79] { #expect((keynote.lines[line] ?? 0) >= 3, "line \(line)") }
        // Comments and blank lines are not code.
        for line in [1, 9, 13, 17, 21, 36] { #expect(keynote.lines[line] == nil, "line \(line)") }
        #expect((keynote.functions["present"] ?? 0) > 0)
        #expect(keynote.functions["main chunk"] == 3, "once for each test")
        #expect(keynote.functions["function@37"] == 0 && keynote.functions["function@71"] == 0)
        #expect((keynote.functions["function@75"] ?? 0) > 0)
        for page in ["coverage/index.html", "coverage/examples/keynote.lua.gcov.html"] {
            #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent(page).path), "genhtml: \(page)")
        }
        let source = try Tool.read("coverage/examples/keynote.lua.gcov.html", in: work)
        #expect(source.contains("Keynote.vote(destination)"), "the page shows the source")
    }

    @Test("--coverage-tests counts the tests; --coverage-min below the share fails with one line, the file written")
    func options() throws {
        let work = try TestCommandTests.keynoteCopy()
        let test = "scripts/examples/keynote_test.lua"
        let all = try Tool.run(["test", "--coverage", "all.info", "--coverage-tests", test], in: work)
        #expect(all.status == 0, "\(all.stderr)")
        let records = Self.records(try Tool.read("all.info", in: work))
        #expect(Set(records.keys) == ["scripts/examples/keynote.lua", test])
        #expect(records[test]?.lines.values.allSatisfy { $0 > 0 } == true, "every line of the tests ran")
        let strict = try Tool.run(["test", "--coverage", "strict.info", "--coverage-min", "100", test], in: work)
        #expect(strict.status == 1)
        #expect(
            strict.stderr.hasPrefix("behave: coverage ") && strict.stderr.hasSuffix("is below --coverage-min 100.0%\n"))
        #expect(strict.stderr.split(separator: "\n").count == 1, "\(strict.stderr)")
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("strict.info").path))
        for (arguments, message) in [
            (["--coverage-min", "50"], "--coverage-min and --coverage-tests go with --coverage"),
            (["--coverage", "x.info", "--coverage-min", "101"], "--coverage-min takes a percentage from 0 to 100"),
            (["--coverage", "x.info", "--coverage-min", "much"], "--coverage-min"),
        ] {
            let bad = try Tool.run(["test"] + arguments + [test], in: work)
            #expect(bad.status == 64, "\(arguments)")
            #expect(bad.stderr.contains(message), "\(bad.stderr)")
        }
    }

    @Test("a tracefile that cannot be written exits 73 with one line; what was there stays")
    func unwritable() throws {
        let work = try TestCommandTests.keynoteCopy()
        _ = try Tool.write("kept\n", to: "old.info", in: work)
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent("taken"), withIntermediateDirectories: false)
        let test = "scripts/examples/keynote_test.lua"
        for target in ["taken", "missing/dir/lcov.info"] {
            let result = try Tool.run(["test", "--coverage", target, test], in: work)
            #expect(result.status == 73, "\(target)")
            #expect(result.stderr.hasPrefix("behave: cannot write \(target): "), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        var isDirectory: ObjCBool = false
        #expect(
            FileManager.default.fileExists(atPath: work.appendingPathComponent("taken").path, isDirectory: &isDirectory)
        )
        #expect(isDirectory.boolValue)
        #expect(try Tool.read("old.info", in: work) == "kept\n")
    }

    @Test("hostile behaviours end as they do without coverage, and their lines are still counted")
    func hostile() throws {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write(
            "local M = {}\nfunction M.used() return 1 end\nfunction M.unused()\n  return 2\nend\nreturn M\n",
            to: "helper.lua", in: work)
        let far = String(repeating: "\n", count: 200_000)
        _ = try Tool.write(
            """
            local helper = require("helper")
            helper.used()
            local mode = ...
            if mode == "spin" then while true do end end
            if mode == "grow" then local t = {} while true do t[#t + 1] = ("x"):rep(1000) end end
            if mode == "deep" then local function f() return 1 + f() end f() end
            \(far)print("far")
            """, to: "hostile.lua", in: work)
        _ = try Tool.write(
            """
            for _, mode in ipairs({"spin", "grow", "deep", "plain"}) do
              test(mode, function() run_behaviour("hostile.lua", {arguments = {mode}}) end)
            end
            """, to: "hostile_test.lua", in: work)
        let limits = ["--memory-limit", "8MiB", "--instruction-limit", "5000000"]
        let plain = try Tool.run(["test"] + limits + ["hostile_test.lua"], in: work)
        let covered = try Tool.run(["test", "--coverage", "lcov.info"] + limits + ["hostile_test.lua"], in: work)
        #expect(covered.status == plain.status)
        var lines = covered.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let summary = lines.count >= 2 ? lines.remove(at: lines.count - 2) : ""
        #expect(lines.joined(separator: "\n") == plain.stdout, "\(covered.stdout)\n---\n\(plain.stdout)")
        #expect(summary.hasPrefix("coverage: "), "\(covered.stdout)")
        let records = Self.records(try Tool.read("lcov.info", in: work))
        let helper = try #require(records["helper.lua"])
        // Line 2 runs where the module defines the function and where a test calls it.
        #expect(helper.lines[2] == 8 && helper.lines[4] == 0, "\(helper.lines)")
        #expect(helper.functions["M.used"] == 4 && helper.functions["M.unused"] == 0)
        #expect(records["hostile.lua"]?.lines[200_007] == 1, "the line far down ran in the plain test")
    }
}
