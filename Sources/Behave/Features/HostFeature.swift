import BehaveLua

/// What a host's runs carry besides the behaviour: the store, coverage, a debugger, the flight
/// recorder, a team's own. A feature joins a host through these moments and no other; each has a
/// default that does nothing, so a feature implements the ones it uses.
///
/// A host calls its features one moment at a time, never two at once: ``stateBuilt(_:)`` on the
/// thread that makes or resets the host, the others on the thread that runs the behaviour. Only
/// a feature that answers true to ``runBegins(_:)`` is told the run's steps, deliveries, answers,
/// failures and end, so a run no feature watches pays nothing for them.
///
/// ```swift
/// final class StepCounter: HostFeature, @unchecked Sendable {
///     var steps = 0
///     func runBegins(_ run: RunStart) throws(BehaveError) -> Bool { true }
///     func stepTaken(at time: Double) { steps += 1 }
/// }
/// let counter = StepCounter()
/// let host = try BehaveHost(modules: [], clock: VirtualClock(), features: [counter])
/// try await host.run(Behaviour(name: "two.lua", source: "wait(1) wait(1)"))
/// // counter.steps == 3: the main chunk's first step, then one after each wait
/// ```
public protocol HostFeature: AnyObject, Sendable {
    /// The modules the feature gives behaviours, beside the host's own (the store's `store`).
    var modules: [any BehaveModule] { get }
    /// The feature joins `host`, as the host is made; a feature that serves one host refuses a
    /// second, and the host is not made.
    func joins(_ host: BehaveHost) throws(BehaveError)
    /// The host made a state (each run that follows another gets a fresh one): the feature
    /// installs what it needs there, such as a hook.
    func stateBuilt(_ lua: LuaState)
    /// A behaviour, a test file or a session is about to use the state; `identity` names it
    /// (``Behaviour/identity``).
    func behaviourBegins(identity: String)
    /// The state loaded the Lua `bytes` of the file at `path` as the chunk named `chunk`: the
    /// behaviour's main chunk, or a file `require` found.
    func chunkLoaded(_ chunk: String, path: String, bytes: [UInt8])
    /// A run (or a session's input, or a test) begins, its main chunk loaded and its context set;
    /// true asks for its steps, deliveries and answers. A thrown error fails the run.
    func runBegins(_ run: RunStart) throws(BehaveError) -> Bool
    /// The run took a step at `time`, in seconds since it began: ready tasks ran, then due timers.
    func stepTaken(at time: Double)
    /// The run delivered `events` in one batch at `time`.
    func eventsDelivered(_ events: [TimedEvent], at time: Double)
    /// The async action `id` answered at `time` with the `count` values on `stack` from `first` on.
    func actionResolved(id: Int, at time: Double, stack: LuaStack, first: Int32, count: Int32)
    /// The async action `id` failed at `time` with `error`.
    func actionRejected(id: Int, at time: Double, error: any Error)
    /// A handler or timer of the run failed with `error`; the behaviour goes on. Told of the
    /// failures the host reports (the first hundred of a run); the rest are only counted.
    func taskFailed(_ error: LuaError)
    /// The run ended as `ending` says.
    func runEnded(_ ending: RunEnding)
}

extension HostFeature {
    /// None.
    public var modules: [any BehaveModule] { [] }
    /// Joins any number of hosts.
    public func joins(_ host: BehaveHost) throws(BehaveError) {}
    /// Installs nothing.
    public func stateBuilt(_ lua: LuaState) {}
    /// Does nothing.
    public func behaviourBegins(identity: String) {}
    /// Does nothing.
    public func chunkLoaded(_ chunk: String, path: String, bytes: [UInt8]) {}
    /// Watches nothing.
    public func runBegins(_ run: RunStart) throws(BehaveError) -> Bool { false }
    /// Does nothing.
    public func stepTaken(at time: Double) {}
    /// Does nothing.
    public func eventsDelivered(_ events: [TimedEvent], at time: Double) {}
    /// Does nothing.
    public func actionResolved(id: Int, at time: Double, stack: LuaStack, first: Int32, count: Int32) {}
    /// Does nothing.
    public func actionRejected(id: Int, at time: Double, error: any Error) {}
    /// Does nothing.
    public func taskFailed(_ error: LuaError) {}
    /// Does nothing.
    public func runEnded(_ ending: RunEnding) {}
}
