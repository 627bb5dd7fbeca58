import Testing

/// Runs a test, or every test of a suite, at high priority.
///
/// Swift Testing starts every test at once on Swift's cooperative pool, which is as wide as the
/// machine has cores, and most tests block a thread of it while the tool runs. A test that
/// suspends is then resumed behind every test still queued, long after a server or a device it
/// started has given up waiting. A higher priority puts its resumptions ahead of that queue.
package struct ResumedPromptlyTrait: TestTrait, SuiteTrait, TestScoping {
    /// Each test of a suite gets the priority, not only the suite as a whole.
    package var isRecursive: Bool { true }

    /// Runs `function` in a task of high priority, with the test's task-local values.
    package func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // The task ends before this returns, so the closure does not outlive the call.
        try await withoutActuallyEscaping(function) { function in
            try await Task(priority: .high) { try await function() }.value
        }
    }
}

extension Trait where Self == ResumedPromptlyTrait {
    /// Resumed ahead of the tests still queued: for a test whose waits race a process outside.
    package static var resumedPromptly: Self { ResumedPromptlyTrait() }
}
