import BehaveTestSupport
import Foundation
import Testing

/// The memory limit is a limit on live data: a refused block first gets Lua's emergency
/// collection (or, for a library's buffer, a collection before it), so garbage never ends a
/// run, while a script that truly holds more than the cap still stops with the limit.
@Suite("The memory limit counts live data, not garbage")
struct MemoryGarbageTests {
    /// Builds about 55 MiB of live data (under the 64 MiB default) with `make`, drops it, then
    /// makes garbage with `churn` for many times the cap.
    static func script(make: String, churn: String) -> String {
        """
        local t = {}
        for i = 1, 55 do t[i] = \(make) end
        t = nil
        for i = 1, 300 do local g = \(churn) end
        print("done")
        """
    }

    @Test(
        "garbage after a large drop never fails on memory, whatever makes the blocks",
        arguments: [
            ("string.rep", #"("a"):rep(1024 * 1024 - 64) .. i"#, #"("b"):rep(1024 * 1024 - 64)"#),
            ("concatenation", #"("a"):rep(1023) .. i"#, #"{i, tostring(i) .. ("c"):rep(1000)}"#),
            ("tables", "{(\"a\"):rep(1024 * 1024 - 64) .. i}", "{i, i, i, {}}"),
        ])
    func garbageAfterDrop(name: String, make: String, churn: String) throws {
        let work = try Tool.temporaryDirectory()
        // Each live piece is built 1,024 times smaller for the small-block cases, so the live
        // data is the same size whatever builds it.
        let source =
            name == "concatenation"
            ? """
            local t = {}
            for i = 1, 55 * 1024 do t[i] = \(make) end
            t = nil
            for i = 1, 300000 do local g = \(churn) end
            print("done")
            """ : Self.script(make: make, churn: churn)
        let file = try Tool.write(source, to: "garbage.lua", in: work)
        let result = try Tool.run(["run", file])
        #expect(result.status == 0, "\(name): \(result.stderr)")
        #expect(result.stdout == "done\n", "\(name)")
    }

    @Test(
        "a library's buffer that garbage leaves no room for grows after a collection, not into the limit",
        arguments: [
            "big:upper()", "string.format('%s|%s', big, i)", "(big:gsub('b', 'c'))", "table.concat({big, big}, ',')",
            "string.pack('z', big)", "big:reverse()",
        ])
    func libraryBuffer(build: String) throws {
        let work = try Tool.temporaryDirectory()
        let file = try Tool.write(
            """
            local keep = {}
            for i = 1, 56 do keep[i] = ("a"):rep(1024 * 1024 - 100) .. i end
            local big = ("b"):rep(1024 * 1024)
            for i = 1, 200000 do
              local g = {i, i, i, {}}
              if i % 5000 == 0 then local u = \(build) end
            end
            print("done", #keep)
            """, to: "buffer.lua", in: work)
        let result = try Tool.run(["run", file])
        #expect(result.status == 0, "\(build): \(result.stderr)")
        #expect(result.stdout == "done\t56\n", "\(build)")
    }

    @Test("live data kept near the cap while garbage comes and goes never fails on memory")
    func garbageBesideLiveData() throws {
        let work = try Tool.temporaryDirectory()
        let file = try Tool.write(
            """
            local keep = {}
            for i = 1, 56 do keep[i] = ("a"):rep(1024 * 1024 - 100) .. i end
            for i = 1, 100 do local s = ("c"):rep(3000000) end
            for i = 1, 2000 do local s = ("d"):rep(1000) .. i end
            print("done", #keep)
            """, to: "beside.lua", in: work)
        let result = try Tool.run(["run", file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "done\t56\n")
    }

    @Test(
        "a script that truly holds more than the cap still stops with the memory limit, soon",
        arguments: [
            ("string.rep", #"local t = {} for i = 1, 100 do t[i] = ("a"):rep(1024 * 1024) .. i end"#),
            ("concatenation", #"local t = {} for i = 1, 1e6 do t[i] = ("a"):rep(1000) .. i end"#),
            (
                "a caught refusal",
                #"local t = {} for i = 1, 100 do pcall(function() t[i] = ("a"):rep(1024 * 1024) end) end"#
            ),
        ])
    func overTheCap(name: String, source: String) throws {
        let work = try Tool.temporaryDirectory()
        let file = try Tool.write(source, to: "over.lua", in: work)
        let start = Date()
        let result = try Tool.run(["run", "--memory-limit", "32MiB", file])
        #expect(Date().timeIntervalSince(start) < 30, "\(name)")
        #expect(result.status == 3, "\(name): \(result.stderr)")
        #expect(result.stderr.hasPrefix("behave: limit exceeded: memory (32 MiB)"), "\(name): \(result.stderr)")
    }
}
