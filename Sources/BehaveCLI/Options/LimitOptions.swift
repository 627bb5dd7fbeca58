import ArgumentParser
import Behave

/// The limits a command that runs a behaviour takes (`--memory-limit` … `--duration-limit`), each
/// over the defaults of the mode it runs in (``SandboxOptions``, or a replay's ceiling).
package struct LimitOptions: ParsableArguments {
    /// No limit given: each stays the mode's default.
    package init() {}

    @Option(
        name: .customLong("memory-limit"),
        help: "Bytes the Lua state may hold (e.g. 64MiB, 512KiB, 1000000), up to 1024GiB; 0 for none. Default 64MiB.")
    var memoryLimit: ByteCount?

    @Option(
        name: .customLong("instruction-limit"),
        help: "VM instructions per run slice, counted exactly (slower); 0 for none. Default: none.")
    var instructionLimit: Int?

    @Option(
        name: .customLong("time-limit"),
        help: "Wall-clock seconds per run slice, up to 31536000 (a year); 0 for none. Default 30.")
    var timeLimit: Double?

    @Option(
        name: .customLong("output-limit"),
        help: "Bytes print and modules may write, up to 1024GiB; 0 for none. Default 16MiB.")
    var outputLimit: ByteCount?

    @Option(
        name: .customLong("depth-limit"),
        help: "Lua call frames a task may have, up to 1000000, checked at each call; 0 for none. Default: none.")
    var depthLimit: Int?

    @Option(
        name: .customLong("duration-limit"),
        help: "Seconds the whole run may last, waits included, up to 31536000 (a year); 0 for none. Default: none.")
    var durationLimit: Double?

    /// Refuses a limit outside its range (``SandboxOptions/Range``), naming the range: never a
    /// silent "no limit".
    package func validate() throws {
        func check<T: Comparable>(
            _ name: String, _ value: T?, _ range: ClosedRange<T>, _ upper: String, written: String? = nil
        ) throws {
            guard let value, !range.contains(value) else { return }
            throw ValidationError("\(name) must be from 0 (none) to \(upper), not \(written ?? "\(value)")")
        }
        try check(
            "--memory-limit", memoryLimit?.bytes, SandboxOptions.Range.bytes, "1024GiB", written: memoryLimit?.text)
        try check(
            "--output-limit", outputLimit?.bytes, SandboxOptions.Range.bytes, "1024GiB", written: outputLimit?.text)
        try check("--instruction-limit", instructionLimit, SandboxOptions.Range.instructions, "\(Int.max)")
        try check("--depth-limit", depthLimit, SandboxOptions.Range.depth, "1000000")
        try check("--time-limit", timeLimit, SandboxOptions.Range.seconds, "31536000 seconds")
        try check("--duration-limit", durationLimit, SandboxOptions.Range.seconds, "31536000 seconds")
    }

    /// `limits` with each limit given on the command line in its place.
    package func applied(to limits: Limits) -> Limits {
        var limits = limits
        if let memoryLimit { limits.memory = memoryLimit.bytes }
        if let instructionLimit { limits.instructions = instructionLimit }
        if let timeLimit { limits.time = timeLimit }
        if let outputLimit { limits.output = outputLimit.bytes }
        if let depthLimit { limits.depth = depthLimit }
        if let durationLimit { limits.duration = durationLimit }
        return limits
    }
}
