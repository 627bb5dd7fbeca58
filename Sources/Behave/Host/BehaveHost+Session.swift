import BehaveLua

/// A session's state (``BehaveSession``): kept between inputs, each input a task of its own.
extension BehaveHost {
    /// Makes the current state a session's: fresh, with the context set, and returns the
    /// instant the session's `now()` counts from. See ``BehaveSession``.
    func beginSession(directories: [String]) throws(BehaveError) -> Double {
        searchPath.directories = policy.requireDirectories.isEmpty ? directories : policy.requireDirectories
        try takeFreshState()
        featureList.behaviourBegins(identity: BehaveSession.storeIdentity)
        clearCancellation()
        try pushContext()
        return clock.now
    }

    /// Lets `require` also search `directory` (a session's `:load` of a file elsewhere), unless
    /// the policy names the directories itself.
    func allowRequire(from directory: String) {
        guard policy.requireDirectories.isEmpty, !searchPath.directories.contains(directory) else { return }
        searchPath.directories.append(directory)
    }

    /// Runs one input of a session (a main chunk of the current state) as a task on the
    /// scheduler, until it ends; the timers and handlers it made stay for later inputs.
    nonisolated(nonsending) func runInput(
        _ chunk: LuaFunction, arguments: [any LuaPushable] = [],
        origin: Double
    ) async throws(BehaveError) -> (RunReport, [LuaValue]) {
        await enterGate()
        defer { leaveGate() }
        setEnvironment(of: chunk)
        return try await schedule(
            chunk, arguments: arguments, events: nil, timeline: [], origin: origin,
            pushingContext: false)
    }
}
