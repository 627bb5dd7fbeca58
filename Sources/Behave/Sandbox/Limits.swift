/// The resource limits of a run, each reported distinctly when hit.
///
/// ```swift
/// var limits = Limits()  // the defaults below
/// limits.memory = 16 << 20  // 16 MiB
/// limits.time = 2  // seconds per run slice
/// ```
public struct Limits: Sendable, Equatable {
    /// Bytes the whole Lua state may hold. Default 64 MiB.
    public var memory: Int = 64 << 20
    /// VM instructions per run slice, counted over every coroutine; 0 (the default) for none.
    /// An exact, deterministic budget, at the cost of a count hook on every instruction
    /// (docs/sandbox.md): the time limit already stops a runaway behaviour for free.
    public var instructions: Int = 0
    /// Wall-clock seconds per run slice. Default 30.
    public var time: Double = 30
    /// Bytes written by `print` and module output. Default 16 MiB.
    public var output: Int = 16 << 20
    /// Call frames a task may have, checked at each call by the same count hook as
    /// ``instructions``; 0 (the default) for none. Without it, recursion is bounded by Lua's own stack limit (a
    /// catchable "stack overflow" error near 200,000 frames), by ``memory``, and on the C side
    /// by Lua's 200 nested C calls and the host's C-stack floor.
    public var depth: Int = 0
    /// Seconds the whole run may last on the host's clock, waits included; 0 for no limit
    /// (the default: a behaviour reacting to events may run as long as the app does).
    public var duration: Double = 0
    /// Bytes of any one input the host reads: a behaviour file (``Behaviour/read(path:limit:)``),
    /// a module `require` finds, an events file or one line of a live event stream. Default
    /// 16 MiB; 0 for none. Nothing past the limit is read (``BehaveError/tooLarge(_:limit:)``).
    public var input: Int = 16 << 20

    /// The defaults.
    public init() {}

    /// No limits at all (trusted local tools).
    public static let unlimited: Limits = {
        var limits = Limits()
        limits.memory = 0
        limits.instructions = 0
        limits.time = 0
        limits.output = 0
        limits.depth = 0
        limits.duration = 0
        limits.input = 0
        return limits
    }()

    /// `30 s`, `0.5 s`.
    public static func formatSeconds(_ seconds: Double) -> String {
        seconds.isFinite ? "\(JSONText.number(seconds)) s" : "\(seconds) s"
    }
}
