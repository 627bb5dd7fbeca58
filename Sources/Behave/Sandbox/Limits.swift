/// The resource limits of a run, each reported distinctly when hit.
///
/// ```swift
/// var limits = Limits()             // the defaults below
/// limits.memory = 16 << 20          // 16 MiB
/// limits.time = 2                   // seconds per run slice
/// ```
public struct Limits: Sendable, Equatable {
    /// Bytes the whole Lua state may hold. Default 64 MiB.
    public var memory: Int = 64 << 20
    /// VM instructions per run slice, counted over every coroutine. Default 1,000,000,000:
    /// room for honest work of tens of millions of instructions, many times over.
    public var instructions: Int = 1_000_000_000
    /// Wall-clock seconds per run slice. Default 30.
    public var time: Double = 30
    /// Bytes written by `print` and module output. Default 16 MiB.
    public var output: Int = 16 << 20
    /// Lua call depth. Default 10,000 frames (Lua's own C-stack limit of 200 nested C calls
    /// also applies and is a clean error).
    public var depth: Int = 10_000
    /// Seconds the whole run may last on the host's clock, waits included; 0 for no limit
    /// (the default: a behaviour reacting to events may run as long as the app does).
    public var duration: Double = 0

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
        return limits
    }()

    /// `30 s`, `0.5 s`.
    public static func formatSeconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() && seconds < 1e15 ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}
