import Foundation
import Testing

/// The children the tests spawn themselves hold none of the test process's descriptors: a child
/// that kept another test's stdin pipe open left that test's `behave repl` waiting out its input
/// deadline (exit 66) while the child ran.
@Suite("Spawned children")
struct SpawnedDescriptorTests {
    @Test("a child spawned while a test's pipe is open holds only stdin, stdout and stderr")
    func noInheritedPipe() throws {
        let pipe = Pipe()
        defer { try? pipe.fileHandleForWriting.close() }
        let pid = try #require(spawnQuietly(["/bin/sleep", "30"]))
        defer {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        // The child's loader holds each library it maps on a descriptor for a moment: an inherited
        // pipe is one that is still there once the child has settled.
        var held: [String] = []
        for _ in 0..<200 {
            held = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").sorted()
            if held == ["0", "1", "2"] { break }
            usleep(10_000)
        }
        #expect(held == ["0", "1", "2"])
    }
}
