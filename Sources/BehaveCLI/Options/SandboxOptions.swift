import ArgumentParser
import Behave

/// Options shared by the commands that run or load behaviours.
package struct SandboxOptions: ParsableArguments {
    package init() {}

    @Flag(
        help:
            "Open Lua's full standard library (io, os, debug…) with no limits, like the stock lua interpreter. Only for code you trust."
    )
    var trusted = false

    @Option(
        name: .customLong("memory-limit"),
        help: "Bytes the Lua state may hold (e.g. 64MiB, 512KiB, 1000000). Default 64MiB.")
    var memoryLimit: ByteCount?

    @Option(
        name: .customLong("instruction-limit"),
        help: "VM instructions per run slice, counted exactly (slower). Default: none.")
    var instructionLimit: Int?

    @Option(name: .customLong("time-limit"), help: "Wall-clock seconds per run slice. Default 30.")
    var timeLimit: Double?

    @Option(name: .customLong("output-limit"), help: "Bytes print and modules may write. Default 16MiB.")
    var outputLimit: ByteCount?

    @Option(name: .customLong("depth-limit"), help: "Lua call depth, checked by the same count hook. Default: none.")
    var depthLimit: Int?

    @Option(name: .customLong("duration-limit"), help: "Seconds the whole run may last, waits included. Default: none.")
    var durationLimit: Double?

    @Flag(
        name: .customLong("open-urls"),
        help: "Let MyThirdModule.openUrl launch xdg-open/open instead of printing 'open URL'.")
    var openURLs = false

    var policy: SandboxPolicy {
        var policy = trusted ? SandboxPolicy.trusted : SandboxPolicy()
        if let memoryLimit { policy.limits.memory = memoryLimit.bytes }
        if let instructionLimit { policy.limits.instructions = instructionLimit }
        if let timeLimit { policy.limits.time = timeLimit }
        if let outputLimit { policy.limits.output = outputLimit.bytes }
        if let depthLimit { policy.limits.depth = depthLimit }
        if let durationLimit { policy.limits.duration = durationLimit }
        return policy
    }

    /// A host with the tool's modules under this policy. A failure (no memory for a Lua state) is
    /// reported on stderr and exits 1.
    package func makeHost(clock: any BehaveClock = SystemClock()) throws(ExitCode) -> BehaveHost {
        try ToolHost.make(policy: policy, openURLs: openURLs, clock: clock)
    }

    /// The modules the tool registers.
    var modules: [any BehaveModule] { ToolHost.modules(openURLs: openURLs) }
}
