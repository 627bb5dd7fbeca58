import Behave
import BehaveLua

/// A file of tests for behaviours: Lua that declares tests with `test(name, fn)` and checks what
/// behaviours do with `expect`, `fake` and `run_behaviour` (docs/testing.md).
///
/// Each test runs in a fresh state of the host, with the host's modules, sandbox and clock: on a
/// ``VirtualClock`` waits, timers and events take no real time. The file's own code runs again
/// before each test, so what one test changes never reaches the next.
///
/// ```swift
/// let host = try BehaveHost(modules: [Keynote()], clock: VirtualClock())
/// let results = try await TestFile(Behaviour.read(path: "keynote_test.lua")).run(on: host)
/// ```
public struct TestFile: Sendable {
    /// The test file.
    public var behaviour: Behaviour

    /// A test file from its Lua source.
    public init(_ behaviour: Behaviour) { self.behaviour = behaviour }

    /// Runs the file's tests whose names contain `filter` (all of them when it is nil), each in a
    /// fresh state of `host`, in the order the file declares them; `each` is told of each result
    /// as it comes. A file that cannot be loaded, or whose own code fails, throws the error that
    /// stopped it.
    nonisolated(nonsending) public func run(
        on host: BehaveHost, matching filter: String? = nil, each: (TestResult) -> Void = { _ in }
    ) async throws(BehaveError) -> [TestResult] {
        // The first run declares the names (and runs the first test, unless a filter may skip it);
        // the file runs again, fresh, for each further test.
        let first = await host.runTest(filter == nil ? 1 : 0, of: behaviour)
        guard let names = first.names else {
            throw first.error ?? .failed(LuaError(kind: .runtime, message: "\(behaviour.name): declared no tests"))
        }
        var results: [TestResult] = []
        for (offset, name) in names.enumerated() {
            if let filter, !name.contains(filter) { continue }
            let outcome = offset == 0 && filter == nil ? first : await host.runTest(offset + 1, of: behaviour)
            if outcome.names != names {
                throw outcome.error
                    ?? .failed(
                        LuaError(
                            kind: .runtime,
                            message: "\(behaviour.name): declared other tests when it ran again (test names and "
                                + "their order must not depend on time or chance)"))
            }
            let result = TestResult(
                name: name, failure: outcome.failure, traceback: outcome.traceback, duration: outcome.duration)
            each(result)
            results.append(result)
        }
        return results
    }
}
