import BehaveLua
import CBehave

/// What one run of a test file gave (``BehaveHost/runTest(_:of:)``).
package struct TestOutcome {
    /// The tests the file declared, or nil when its own code did not get that far.
    package var names: [String]?
    /// Why the test failed, nil when it passed (or none ran).
    package var failure: String?
    package var traceback: String?
    /// What stopped the file before it declared its tests.
    package var error: BehaveError?
    package var duration: Double
}

extension BehaveHost {
    /// Runs a test file in a fresh state: its code declares its tests, then test number `index`
    /// (from 1; 0 runs none) runs as the main task, in the sandbox, on the host's clock.
    nonisolated(nonsending) package func runTest(_ index: Int, of file: Behaviour) async -> TestOutcome {
        await enterGate()
        defer { leaveGate() }
        var names: [String]?
        let wall = SystemClock()
        let started = wall.now
        func outcome(failure: String?, traceback: String? = nil, error: BehaveError? = nil) -> TestOutcome {
            TestOutcome(
                names: names, failure: failure, traceback: traceback, error: names == nil ? error : nil,
                duration: wall.now - started)
        }
        do throws(BehaveError) {
            let chunk = try prepare(file, strict: false, arguments: [], scriptName: nil)
            let runner = try testRunner(for: file) { names = $0 }
            let (report, _) = try await schedule(
                runner, arguments: [chunk, index], events: nil, timeline: [], origin: nil, pushingContext: true)
            if report.failedTasks > 0 {
                let count = report.failedTasks == 1 ? "a handler or timer" : "\(report.failedTasks) handlers or timers"
                return outcome(failure: "\(count) failed: " + (firstTaskFailure ?? "(not shown)"))
            }
            // The runner stops the run when the test returns: a run that ended by itself ended with
            // the test still waiting.
            if case .completed(let waiting) = report.finish {
                return outcome(
                    failure: waiting > 0
                        ? "the test did not finish: it waits for an event that can no longer arrive"
                        : "the test did not finish: nothing was left that could resume it")
            }
            return outcome(failure: nil)
        } catch {
            switch error {
            case .failed(let error), .terminated(let error):
                return outcome(failure: error.message, traceback: error.traceback, error: .failed(error))
            default:
                return outcome(failure: error.description, error: error)
            }
        }
    }

    /// Loads `testing.lua` into the current state: the test helpers join the environment, and
    /// the runner it returns is the test's main task.
    private func testRunner(
        for file: Behaviour, declare: @escaping ([String]) -> Void
    ) throws(BehaveError) -> LuaFunction {
        let directory = file.directory
        let limit = policy.limits.input
        do {
            let functions = try LuaTable(in: lua)
            try functions.set(
                "declare",
                lua.function(named: "test") { stack in
                    declare(try [String].read(from: stack, at: 1))
                    return 0
                })
            try functions.set(
                "source",
                lua.function(named: "run_behaviour") { [unowned self] stack in
                    let path = try String.read(from: stack, at: 1)
                    let full = directory == nil || directory == "." ? path : directory! + "/" + path
                    do throws(BehaveError) {
                        let behaviour = try Self.confinedBehaviour(
                            full, named: path, under: directory ?? ".", limit: limit)
                        let source = try luaSource(of: behaviour)
                        requiredFiles(adding: full)
                        if behaviour.format == .lua {
                            featureList.chunkLoaded(behaviour.name, path: full, bytes: source)
                        }
                        guard stack.reserve(2) else { return 0 }
                        LuaString(bytes: source).push(to: stack)
                        behaviour.name.push(to: stack)
                    } catch {
                        guard stack.reserve(2) else { return 0 }
                        stack.pushNil()
                        "run_behaviour: \(error.description)".push(to: stack)
                    }
                    return 2
                })
            try functions.set("teststop", runtimeStopHook)
            try functions.set("setcontext", runtime.contextSetter())
            lua.stack.pushRegistryField(BEHAVE_REGISTRY_MODULES)
            let modules = try LuaTable.read(from: lua.stack, at: -1)
            lua.stack.pop()
            let prelude = try lua.load(CompiledChunks.testing())
            guard let runner = try prelude.call(environment, modules, functions).first?.function else {
                throw LuaError(kind: .runtime, message: "the testing prelude returned no runner")
            }
            return runner
        } catch let error as LuaError {
            throw .failed(error)
        } catch {
            throw .failed(LuaError(kind: .runtime, message: "\(error)"))
        }
    }

    /// The behaviour a test's `run_behaviour(name)` names: a test file is confined as a behaviour
    /// is (``RequireSearch``), so it reads regular files under its own directory only, never an
    /// absolute path or one that `..` or a symbolic link leads out of.
    private static func confinedBehaviour(_ full: String, named name: String, under directory: String, limit: Int)
        throws(BehaveError) -> Behaviour
    {
        guard !name.hasPrefix("/") else {
            throw .unreadable(
                name, reason: "a test names a behaviour relative to its own directory, not an absolute path")
        }
        guard let root = RequireSearch.realPath(directory), let resolved = RequireSearch.realPath(full) else {
            throw .unreadable(name, reason: "No such file or directory")
        }
        guard resolved.hasPrefix(root == "/" ? "/" : root + "/") else {
            throw .unreadable(name, reason: "it leads outside the test file's directory \(directory)")
        }
        let bytes = try FileBytes.read(resolved, limit: limit, regularOnly: true)
        return Behaviour(name: full, bytes: bytes, directory: LexicalPath.directory(of: full))
    }
}
