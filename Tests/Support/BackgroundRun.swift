import Foundation

/// The built tool running on a thread of its own while a test goes on (publishes, restarts a
/// server): never on one of Swift's concurrency threads, which a blocking wait would hold.
package final class BackgroundRun: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    private var outcome: Result<Tool.Result, any Error>?

    /// Starts `behave` (or `program`) with `arguments` in `directory`; `environment` replaces the test's.
    package init(_ arguments: [String], in directory: URL, program: URL? = nil, environment: [String: String]? = nil) {
        Thread.detachNewThread {
            self.outcome = Result {
                try Tool.run(arguments, in: directory, program: program, environment: environment)
            }
            self.finished.signal()
        }
    }

    /// What the run printed and its status, once it has ended.
    package func result() async throws -> Tool.Result {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                self.finished.wait()
                self.finished.signal()
                continuation.resume()
            }
        }
        return try outcome!.get()
    }
}

extension Tool {
    /// ``run(_:in:input:inputFile:program:environment:)`` from an async test, on a thread of its
    /// own: a test that runs the tool many times holds none of the pool's threads meanwhile, which
    /// the suites' async tests (fetches, servers) need.
    package static func runDetached(
        _ arguments: [String], in directory: URL, program: URL? = nil, environment: [String: String]? = nil
    ) async throws -> Result {
        try await BackgroundRun(arguments, in: directory, program: program, environment: environment).result()
    }
}
