/// What a behaviour may reach and how much it may use.
///
/// The default is the sandbox for untrusted code: a curated library (see docs/sandbox.md),
/// no file, process, network or debug access, no binary chunks, and hard limits.
/// ``trusted`` opens Lua's full standard library, as the stock `lua` interpreter does.
///
/// ```swift
/// var policy = SandboxPolicy()                  // untrusted, default limits
/// policy.requireDirectories = ["/app/behaviours"]
/// let local = SandboxPolicy.trusted              // full library, for local tools
/// ```
public struct SandboxPolicy: Sendable, Equatable {
    /// Opens the full standard library (with `arg`), like the stock interpreter.
    public var isTrusted = false
    /// The limits; in trusted mode only the ones you set apply.
    public var limits = Limits()
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
}
