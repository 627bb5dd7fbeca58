import ArgumentParser
import Behave
import BehaveStore

/// Options shared by the commands that run or load behaviours.
package struct SandboxOptions: ParsableArguments {
    package init() {}

    @Flag(
        help:
            "Open Lua's full standard library (io, os, debug…) with no limits, like the stock lua interpreter. Only for code you trust."
    )
    var trusted = false

    @OptionGroup var limits: LimitOptions

    @OptionGroup var input: InputOptions

    /// What each limit accepts; 0 always means none. Anything else (negative, NaN, infinite,
    /// past the range) is a usage error naming the range, never a silent "no limit".
    package enum Range {
        /// Instructions per slice.
        package static let instructions = 0...Int.max
        /// Lua call frames: Lua itself stops near 200,000.
        package static let depth = 0...1_000_000
        /// Seconds: a year, which no slice or run outlives.
        package static let seconds = 0.0...31_536_000.0
        /// Bytes of memory or output: 1 TiB.
        package static let bytes = 0...(1 << 40)
    }

    /// Sets the limit `option` names to the whole number `value`, as parsing `option value` would;
    /// false when `option` is not a limit that takes a number or `value` is out of its range (the
    /// parser's validation then says why). The plain `behave run` reads its limits with it, without
    /// ArgumentParser (``RunInvocation/init(plainCommandLine:)``).
    static func setLimit(_ option: String, to value: Int, in limits: inout Limits) -> Bool {
        switch option {
        case "--instruction-limit" where Range.instructions.contains(value): limits.instructions = value
        case "--depth-limit" where Range.depth.contains(value): limits.depth = value
        case "--time-limit" where Range.seconds.contains(Double(value)): limits.time = Double(value)
        case "--duration-limit" where Range.seconds.contains(Double(value)): limits.duration = Double(value)
        default: return false
        }
        return true
    }

    package var policy: SandboxPolicy {
        var policy = trusted ? SandboxPolicy.trusted : SandboxPolicy()
        policy.limits = limits.applied(to: policy.limits)
        policy.limits.input = input.limit
        return policy
    }

    /// A host with the tool's modules under this policy, its output to `output` (default: stdout
    /// and stderr). A failure (no memory for a Lua state) is reported on stderr and exits 1.
    package func makeHost(
        clock: any BehaveClock = SystemClock(), store: BehaviourStore = .inMemory(), output: OutputSink? = nil
    ) throws(ExitCode) -> BehaveHost {
        try ToolHost.make(policy: policy, clock: clock, store: store, output: output)
    }

    /// The modules the tool's behaviours have: its own, and the store.
    var modules: [any BehaveModule] { ToolHost.modules() + [BehaviourStore.module] }
}
