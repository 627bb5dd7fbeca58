import BehaveTestSupport
import Foundation
import Testing

/// The tool measures the stack of the process's first thread from the kernel's layout and the
/// stack limit rather than by reading /proc/self/maps (stack.c). The measure must never promise
/// more stack than the thread has, which glibc's reading of the maps tells, and deep C recursion
/// must end in Lua's error at any stack limit, never in a crash.
@Suite("The first thread's stack, at any stack limit")
struct InitialStackTests {
    /// Scripts that recurse in C: through a metamethod, and through coroutines resumed from
    /// inside each other.
    static let scripts = [
        "local t = setmetatable({}, {__index = function(t, k) return t[k] end}) local _ = t.x",
        "local function f() return coroutine.wrap(f)() end f()",
    ]

    /// Runs `script` under `ulimit -s limit` with the stack test hook on; nil where the shell may
    /// not set that limit (a hard limit below it).
    static func run(_ script: String, limit: String) throws -> Tool.Result? {
        var environment = ProcessInfo.processInfo.environment
        environment["BEHAVE_TEST_STACK_BOUNDS"] = "1"
        let result = try Tool.run(
            ["-c", "ulimit -s \(limit) 2>/dev/null || exit 77; exec \"$0\" run \"$1\"", Tool.executable.path, script],
            program: URL(fileURLWithPath: "/bin/sh"), environment: environment)
        return result.status == 77 ? nil : result
    }

    /// The two lowest addresses the hook prints: stack.c's and glibc's.
    static func bounds(in stderr: String) -> (initial: UInt, thread: UInt)? {
        guard let line = stderr.split(separator: "\n").first(where: { $0.hasPrefix("stack bounds: ") }) else {
            return nil
        }
        let words = line.split(separator: " ")
        guard words.count == 6, let initial = UInt(words[3].dropFirst(2), radix: 16),
            let thread = UInt(words[5].dropFirst(2), radix: 16)
        else { return nil }
        return (initial, thread)
    }

    @Test(
        "the first thread's stack is never larger than glibc says, and as large up to 16 MiB; deep C recursion is Lua's error",
        arguments: ["256", "1024", "8192", "16384", "65536", "unlimited"])
    func recursion(limit: String) throws {
        let directory = try Tool.temporaryDirectory()
        for (index, source) in Self.scripts.enumerated() {
            let script = try Tool.write(source + "\n", to: "deep\(index).lua", in: directory)
            guard let result = try Self.run(script, limit: limit) else { return }
            #expect(result.status == 1, "\(limit) KiB, \(source): \(result.stderr)")
            #expect(result.stderr.contains("stack overflow"), "\(limit) KiB, \(source): \(result.stderr)")
            let bounds = Self.bounds(in: result.stderr)
            #expect(bounds != nil, "\(limit) KiB: no bounds in \(result.stderr)")
            guard let bounds else { continue }
            #expect(bounds.initial >= bounds.thread, "\(limit) KiB: \(bounds)")
            if let kib = UInt(limit), kib <= 16384 {
                #expect(bounds.initial - bounds.thread <= 2 * 4096, "\(limit) KiB: \(bounds)")
            }
        }
    }
}
