/// What a behaviour may reach and how much it may use.
///
/// The default is the sandbox for untrusted code: a curated library (see docs/sandbox.md),
/// no file, process, network or debug access, no binary chunks, and hard limits.
/// ``trusted`` opens Lua's full standard library, as the stock `lua` interpreter does.
///
/// ```swift
/// var policy = SandboxPolicy()  // untrusted, default limits
/// policy.requireDirectories = ["/app/behaviours"]
/// let local = SandboxPolicy.trusted  // full library, for local tools
/// ```
public struct SandboxPolicy: Sendable, Equatable {
    /// Opens the full standard library (with `arg`), like the stock interpreter.
    public var isTrusted = false
    /// The limits; in trusted mode only the ones you set apply.
    public var limits = Limits()
    /// How a run over a limit, or cancelled, is stopped while Lua code runs (docs/sandbox.md).
    public var interruption = Interruption.signal
    /// Directories `require` may load Lua source files from (default: the behaviour's own).
    public var requireDirectories: [String] = []

    /// The former name of ``requireDirectories``: "module" means a ``BehaveModule`` only.
    @available(*, deprecated, renamed: "requireDirectories")
    public var moduleDirectories: [String] {
        get { requireDirectories }
        set { requireDirectories = newValue }
    }

    /// The untrusted default.
    public init() {}

    /// Full standard library and no limits.
    public static var trusted: SandboxPolicy {
        var policy = SandboxPolicy()
        policy.isTrusted = true
        policy.limits = .unlimited
        return policy
    }

    /// How a host stops Lua code that is running when a limit fires or the run is cancelled.
    public enum Interruption: Sendable, Equatable {
        /// The default, and free until a limit fires: Lua runs with no hook. At a deadline the
        /// thread running the behaviour gets a signal, SIGURG unless
        /// ``BehaveHost/usePreemptionSignal(_:)`` chose another: on Linux from a timer of that
        /// thread's own, elsewhere (and for a cancellation from another thread) from Behave's
        /// watchdog thread, one per process. The handler arms a hook on the running coroutine,
        /// which stops at its next instruction.
        ///
        /// The first host that runs with this installs that signal's handler **process-wide**;
        /// a handler the app had installed for it before is still called for every signal that
        /// is not Behave's. Choose ``polling`` where an app must own every signal.
        ///
        /// A build with ThreadSanitizer polls instead: it holds an async signal back until the
        /// thread makes a call it intercepts, which a script spinning inside Lua never makes.
        case signal
        /// No signal handler: a count hook checks the watchdog's flag every 1,000 instructions
        /// (what an instruction or depth limit costs anyway; see docs/performance.md).
        case polling
    }
}
