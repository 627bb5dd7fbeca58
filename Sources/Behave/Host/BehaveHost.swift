import BehaveLua
import CBehave

/// Owns one Lua state, the registered modules and the sandbox limits, and runs behaviours.
///
/// Every ``run(_:strict:arguments:scriptName:events:timeline:)`` starts from a fresh state,
/// so nothing a behaviour does (changing a library table, leaving a coroutine, hitting a
/// limit) reaches the next run. A run is a set of tasks on the host's scheduler: the main
/// chunk, timers and event handlers; it ends when the behaviour calls `stop`, fails, or
/// nothing can happen any more.
///
/// ```swift
/// let host = try BehaveHost(modules: [MyFirstModule(), MySecondModule()])
/// try await host.run(Behaviour(name: "hello.lua", source: "MyFirstModule.sayHello()"))
/// ```
///
/// A host is `Sendable`: an actor, the main actor or several tasks may share it, and
/// `Task { try await host.run(…) }` or `async let` run it anywhere. Runs on one host take turns:
/// a run that starts while another is under way waits for it. ``cancellation`` and
/// ``EventChannel`` may be used from anywhere. Used from a thread with less than 1 MiB of C stack left (Apple's
/// secondary threads), it runs Lua on a thread of its own with 8 MiB while the caller waits, so
/// module actions may run there.
public final class BehaveHost: @unchecked Sendable {
    /// The modules behaviours can call.
    public let registry: ModuleRegistry
    /// What behaviours may reach and use.
    public let policy: SandboxPolicy
    /// Where `print` and module output go.
    public let output: OutputSink
    /// Where time comes from (``SystemClock`` unless given).
    public let clock: any BehaveClock
    /// What the host's runs carry besides the behaviour, in the order the app gave them: a store,
    /// coverage, a debugger, a team's own (``HostFeature``).
    public let features: [any HostFeature]
    /// The first of the app's features that is an `F`, if any.
    public func feature<F: HostFeature>(_ type: F.Type) -> F? {
        features.lazy.compactMap { $0 as? F }.first
    }
    /// The app's features after the host's own flight recorder: every moment goes to this list.
    let featureList: FeatureList
    /// The host's flight recorder (``recordingLimit``, ``lastRecording``).
    let flightRecording: FlightRecording
    /// What the app tells behaviours about itself (platform, version, locale, flags): the
    /// script's read-only `context` table.
    /// A run reads it when it starts.
    public var context: [String: PlainValue] {
        get { settingsLock.withLock { settings.context } }
        set { settingsLock.withLock { settings.context = newValue } }
    }
    /// The command line before the script's name, the program's name first: the `arg` table holds
    /// them at negative indices, as the stock interpreter's does.
    public var interpreterArguments: [String] {
        get { settingsLock.withLock { settings.interpreterArguments } }
        set { settingsLock.withLock { settings.interpreterArguments = newValue } }
    }
    /// What the last run (or session input) used, also when it failed or a limit stopped it:
    /// what an app logs about a behaviour that hit a limit.
    public internal(set) var lastRun: RunUsage {
        get { settingsLock.withLock { settings.lastRun } }
        set { settingsLock.withLock { settings.lastRun = newValue } }
    }
    /// What the app sets and reads from any thread while a run may be under way.
    private var settings = (context: [String: PlainValue](), interpreterArguments: [String](), lastRun: RunUsage())
    private let settingsLock = Lock()
    /// The state of the current (or last) run.
    package private(set) var lua: LuaState
    /// The table behaviours run in (their `_ENV`).
    package private(set) var environment: LuaTable
    var runtime: RuntimeDriver
    let searchPath: SearchPath
    let starter = ActionStarter()
    let tracer: Tracer
    /// What the behaviour's `os.time()` and `os.clock()` read.
    let readings: ClockReadings
    /// What cancels this host's runs: its own, or the one a caller made (``adopt(_:)``).
    private(set) var cancelFlag = CancelFlag()
    /// One run at a time uses the state.
    let gate = RunGate()
    /// Whether the current state has run nothing yet, so the next run may use it as is.
    var stateIsFresh = true
    /// Instructions counted by the slices of the current run (the control block counts one slice).
    var instructionsThisRun = 0
    /// When the current run's duration limit falls (`behave_now_ns`), for the watchdog to stop a
    /// slice that outlives it; 0 when there is none or the clock is not the system's.
    var runDeadline: Int64 = 0
    /// The first handler or timer failure of the current (or last) run, as reported: what a
    /// failed test says when its own code did not fail.
    var firstTaskFailure: String?
    /// Called on the host's thread each time a handler or timer of a run fails (after it is
    /// reported; the behaviour goes on): an app that just swapped in a new copy hands the channel
    /// back to the copy before it (``EventChannel/handOver(_:notice:)``) instead of waiting for
    /// the run to end.
    public var onTaskFailure: (@Sendable () -> Void)?
    /// The flight recorder's byte cap: each ``run(_:strict:arguments:scriptName:events:timeline:)``
    /// records what it consumes within it (``lastRecording``). 0 turns the recorder off.
    public var recordingLimit: Int {
        get { flightRecording.limit }
        set { flightRecording.limit = newValue }
    }
    /// The flight recorder's default byte cap.
    public static let defaultRecordingLimit = 1 << 20
    /// What the flight recorder kept of the last run, however it ended; nil before a run, while
    /// the recorder is off, and once a test file or a session has used the host (neither records).
    public var lastRecording: Recording? {
        flightRecording.pending.map { $0.recording(modules: RecordedModule.catalog(of: registry)) }
    }

    /// Where slices run when the calling thread's stack is small; made on first use.
    lazy var stackThread = StackThread()

    /// Creates a host. `output` defaults to the process's stdout and stderr, `clock` to real time.
    /// `features` join every run: a `StoreFeature` (the BehaveStore product) gives behaviours the
    /// `store` module, a `CoverageRecorder` (BehaveCoverage) counts the lines and calls each state
    /// runs, a `BehaveDebugger` (BehaveDebugger) stops where it says; the flight recorder is the
    /// host's own (``recordingLimit``).
    public init(
        modules: [any BehaveModule], policy: SandboxPolicy = SandboxPolicy(), output: OutputSink? = nil,
        clock: any BehaveClock = SystemClock(), features: [any HostFeature] = []
    ) throws {
        let flightRecording = FlightRecording()
        self.flightRecording = flightRecording
        self.features = features
        let featureList = FeatureList(all: [flightRecording] + features)
        self.featureList = featureList
        self.registry = ModuleRegistry(modules + featureList.modules)
        self.policy = policy
        self.clock = clock
        self.output = output ?? OutputSink.standard()
        self.output.limit = policy.limits.output
        let searchPath = SearchPath(policy.requireDirectories)
        self.searchPath = searchPath
        let tracer = Tracer(clock: clock)
        self.tracer = tracer
        let readings = ClockReadings(tracer: tracer)
        self.readings = readings
        (lua, environment, runtime) = try StateBuilder.make(
            registry: registry, policy: policy, output: self.output, clock: clock, starter: starter, tracer: tracer,
            readings: readings, searchPath: searchPath, features: featureList)
        lua.control.shareCancellation(cancelFlag.pointer)
        try featureList.joins(self)
    }

    /// Called with each module action, event delivered and timer fired (`behave run --trace`): on
    /// the host's thread, except for a failed async action, which is reported from the thread it
    /// failed on. A run uses the observer set when it starts; nothing is recorded while it is nil.
    public var observer: (@Sendable (TraceEvent) -> Void)? {
        get { tracer.appObserver }
        set { tracer.appObserver = newValue }
    }

    /// What the next run emits (`emit(name, payload)`), as it emits it: ask before starting the
    /// run; the stream finishes when that run ends. A reader slower than the behaviour keeps the
    /// newest `limit` events.
    ///
    /// ```swift
    /// let emitted = host.emittedEvents()
    /// async let report = host.run(behaviour)
    /// for await event in emitted { print(event.name, event.payload) }
    /// ```
    public func emittedEvents(bufferingNewest limit: Int = 10_000) -> AsyncStream<EmittedEvent> {
        tracer.emitted.subscribe(bufferingNewest: limit)
    }

    /// The files `require` loaded during the last run, in order (what `behave run --watch`
    /// watches besides the behaviour).
    public var requiredFiles: [String] { searchPath.loaded }

    /// Adds a file the run loaded another way than `require` (a test's `run_behaviour`).
    func requiredFiles(adding path: String) { searchPath.loaded.append(path) }

    /// The runtime's `teststop`, which a test's run turns `stop()` into its own with.
    var runtimeStopHook: LuaValue { get throws { try runtime.testStop() } }

    /// A handle that cancels the running behaviour from any thread (Ctrl-C, a Swift `Task`).
    /// It stays valid across runs.
    public var cancellation: Cancellation { Cancellation(flag: cancelFlag) }

    /// Makes `cancellation` the handle that cancels this host's runs, in place of its own.
    func adopt(_ cancellation: Cancellation) {
        cancelFlag = cancellation.sharedFlag
        lua.control.shareCancellation(cancelFlag.pointer)
    }

    /// Chooses the signal hosts with ``SandboxPolicy/Interruption/signal`` interrupt Lua code
    /// with (default SIGURG). Call it before any host runs: it returns false once the handler
    /// is installed for another signal.
    @discardableResult
    public static func usePreemptionSignal(_ signal: Int32) -> Bool {
        behave_set_preemption_signal(signal) == 0
    }

    /// Starts over with a fresh state (what a run does before each behaviour that follows
    /// another). `directories` replaces where `require` searches.
    public func reset(directories: [String]? = nil) throws {
        guard gate.tryEnter() else { throw BehaveError.failed(LuaError(kind: .runtime, message: "a run is under way")) }
        defer { gate.leave() }
        try resetState(directories: directories)
    }

    /// ``reset(directories:)`` by the run that holds the gate.
    func resetState(directories: [String]? = nil) throws {
        if let directories { searchPath.directories = directories }
        lua.close()
        let searchPath = self.searchPath
        (lua, environment, runtime) = try StateBuilder.make(
            registry: registry, policy: policy, output: output, clock: clock, starter: starter, tracer: tracer,
            readings: readings, searchPath: searchPath, features: featureList)
        lua.control.shareCancellation(cancelFlag.pointer)
        stateIsFresh = true
    }
}
