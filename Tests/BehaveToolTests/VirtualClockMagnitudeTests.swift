import BehaveTestSupport
import Foundation
import Testing

/// The virtual clock (`--fast`) moves at every tick whatever the time it reads: a positive
/// duration falls due strictly later than now, and a time the clock cannot tell apart from
/// others is refused with an error rather than run for ever.
@Suite("The virtual clock at large times")
struct VirtualClockMagnitudeTests {
    static func run(_ source: String) throws -> (seconds: Double, result: Tool.Result) {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write(source, to: "clock.lua", in: work)
        let start = Date()
        let result = try Tool.run(["run", "--fast", "--time-limit", "10", "clock.lua"], in: work)
        return (Date().timeIntervalSince(start), result)
    }

    @Test(
        "every(0.001) still moves time after a wait far beyond its resolution, so after(1) fires",
        arguments: ["1e14", "1e17", "1e300", "2^53"])
    func everyTicksAtLargeTimes(waited: String) throws {
        let (seconds, result) = try Self.run(
            """
            wait(\(waited))
            local ticks, last, moved = 0, now(), true
            every(0.001, function()
              ticks = ticks + 1
              if now() <= last then moved = false end
              last = now()
            end)
            after(1, function() print("after", ticks > 0, moved) stop("done") end)
            """)
        #expect(seconds < 30, "\(waited)")
        #expect(result.status == 0, "\(waited): \(result.stderr)")
        #expect(result.stdout == "after\ttrue\ttrue\n", "\(waited)")
    }

    @Test(
        "a due time past the last finite time is a clear error, not a timer at infinity",
        arguments: [("wait", "wait(1e308)"), ("after", "after(1e308, print)"), ("every", "every(1e308, print)")])
    func pastTheEnd(helper: String, call: String) throws {
        let (_, result) = try Self.run("wait(1.7e308)\n\(call)\n")
        #expect(result.status == 1, "\(helper): \(result.stderr)")
        #expect(
            result.stderr.hasPrefix(
                "behave: clock.lua:2: \(helper): 1e+308 seconds after 1.7e+308 is past the last time"),
            "\(helper): \(result.stderr)")
    }
}
