import Behave
import BehavePlatform
import CFuzzDriver

/// `TOOL TARGET [libFuzzer options] [CORPUS...]`: fuzzes one target (scripts/fuzz builds the tool
/// with -sanitize=fuzzer). A build without libFuzzer replays instead: every file named (or in a
/// directory named) goes through the target once, which is how the regression inputs run in the
/// tests.
public enum FuzzMain {
    /// The target libFuzzer's callback runs: a C callback can reach it only through a static.
    nonisolated(unsafe) static var selected: (any FuzzTarget.Type)?

    /// Runs the command line of the fuzz executable `tool`, whose targets are `targets`.
    public static func run(tool: String, targets: [any FuzzTarget.Type]) -> Never {
        var arguments = CommandLine.arguments
        guard arguments.count >= 2, let target = targets.first(where: { $0.name == arguments[1] }) else {
            let names = targets.map { $0.name }.joined(separator: "|")
            StandardError.write("usage: \(tool) \(names) [libFuzzer options] [CORPUS...]\n")
            exit(64)
        }
        selected = target
        arguments.remove(at: 1)
        let status = runDriver(arguments)
        if status >= 0 { exit(status) }
        let paths = Array(arguments.dropFirst().filter { !$0.hasPrefix("-") })
        exit(Replay.run(target, paths: paths, tool: tool))
    }

    /// Hands the command line to libFuzzer's driver: its exit status, or -1 in a build without it.
    private static func runDriver(_ arguments: [String]) -> Int32 {
        var argc = Int32(arguments.count)
        var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        return pointers.withUnsafeMutableBufferPointer { buffer in
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = buffer.baseAddress
            return behave_fuzz_run_driver(&argc, &argv, fuzzOne)
        }
    }
}

/// libFuzzer's callback: one input through the selected target.
private func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let target = FuzzMain.selected else { return 0 }
    let input = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    target.check(input)
    return 0
}
