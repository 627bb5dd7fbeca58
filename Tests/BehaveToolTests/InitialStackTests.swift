import BehaveTestSupport
import Foundation
import Testing

/// The tool runs Lua on the process's first thread, whose stack it measures from the kernel's
/// layout and the stack limit rather than by reading /proc/self/maps (stack.c). Deep C
/// recursion must end in Lua's error at any stack limit, never in a crash.
@Suite("The first thread's stack, at any stack limit")
struct InitialStackTests {
    /// Scripts that recurse in C: through a metamethod, and through coroutines resumed from
    /// inside each other.
    static let scripts = [
        "local t = setmetatable({}, {__index = function(t, k) return t[k] end}) local _ = t.x",
        "local function f() return coroutine.wrap(f)() end f()",
    ]

    @Test(
        "deep C recursion is Lua's stack overflow error with a 256 KiB, 1 MiB, 8 MiB and unlimited stack",
        arguments: ["256", "1024", "8192", "unlimited"])
    func recursion(limit: String) throws {
        let directory = try Tool.temporaryDirectory()
        for (index, source) in Self.scripts.enumerated() {
            let script = try Tool.write(source + "\n", to: "deep\(index).lua", in: directory)
            let result = try Tool.run(
                ["-c", "ulimit -s \(limit) && exec \"$0\" run \"$1\"", Tool.executable.path, script],
                program: URL(fileURLWithPath: "/bin/sh"))
            #expect(result.status == 1, "\(limit) KiB, \(source): \(result.stderr)")
            #expect(result.stderr.contains("stack overflow"), "\(limit) KiB, \(source): \(result.stderr)")
        }
    }
}
