import Behave

/// How one test of a ``TestFile`` ended.
public struct TestResult: Sendable, Equatable {
    /// The name the test file gave it (`test(name, fn)`).
    public var name: String
    /// Why it failed (`file:line: message`, the failed expectation's values included), or nil
    /// when it passed.
    public var failure: String?
    /// The script traceback of a failure, when there is one.
    public var traceback: String?
    /// How long it took in real seconds (on a ``VirtualClock`` its waits take none).
    public var duration: Double

    /// Whether the test passed.
    public var passed: Bool { failure == nil }

    /// Creates a result.
    public init(name: String, failure: String? = nil, traceback: String? = nil, duration: Double = 0) {
        self.name = name
        self.failure = failure
        self.traceback = traceback
        self.duration = duration
    }
}
