import BehaveTestSupport
import Foundation
import Testing

/// `stop()` from a `__close` handler while a failing task unwinds: the failure of the main
/// chunk came first and stays the outcome (exit 1, its error reported); it is never read as
/// Ctrl-C (exit 130, "cancelled").
@Suite("stop() in __close while a task fails")
struct StopDuringUnwindTests {
    static func run(_ source: String, _ options: [String] = []) throws -> Tool.Result {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write(source, to: "unwind.lua", in: work)
        return try Tool.run(["run"] + options + ["unwind.lua"], in: work)
    }

    static let failingMain = """
        local guard <close> = setmetatable({}, {__close = function(_, err)
          print("closing", err ~= nil)
          stop("from close")
          print("not reached")
        end})
        local after <close> = setmetatable({}, {__close = function() print("other close runs") end})
        error("boom")
        """

    @Test("the main chunk's failure is the outcome, with its error", arguments: [[], ["--trusted"], ["--fast"]])
    func mainFails(options: [String]) throws {
        let result = try Self.run(Self.failingMain, options)
        #expect(result.status == 1, "\(options): \(result.stderr)")
        #expect(result.stderr.hasPrefix("behave: unwind.lua:7: boom"), "\(options): \(result.stderr)")
        #expect(!result.stderr.contains("cancelled"))
        #expect(result.stdout == "other close runs\nclosing\ttrue\n", "\(options)")
    }

    @Test("an error raised by the __close that stops replaces nothing: the stop ends the handler")
    func stopThenNothingElse() throws {
        let result = try Self.run(
            """
            local guard <close> = setmetatable({}, {__close = function() stop("bye") error("never") end})
            error("first")
            """)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("behave: unwind.lua:2: first"), "\(result.stderr)")
    }

    @Test("a failing handler task whose __close stops: the failure is reported and the run stops")
    func handlerFails() throws {
        let result = try Self.run(
            """
            after(0, function()
              local guard <close> = setmetatable({}, {__close = function() print("closing") stop("from close") end})
              error("handler boom")
            end)
            every(1, function() print("tick") end)
            """, ["--fast"])
        #expect(result.status != 130, "\(result.stderr)")
        #expect(!result.stderr.contains("cancelled"), "\(result.stderr)")
        #expect(result.stderr.contains("unwind.lua:3: handler boom"), "\(result.stderr)")
        #expect(result.stdout == "closing\n")
    }

    @Test("stop() in __close of a task that stop() itself unwound ends the run as stopped")
    func stopWhileStopping() throws {
        let result = try Self.run(
            """
            local guard <close> = setmetatable({}, {__close = function() print("closing") stop("again") end})
            table.sort({3, 2, 1}, function(a, b) stop("in sort") return a < b end)
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "closing\n")
    }
}
