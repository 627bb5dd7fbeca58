import Behave
import BehavePlatform
import CFuzzDriver

/// `behave-fuzz TARGET [libFuzzer options] [CORPUS...]`: fuzzes one target (scripts/fuzz builds
/// it with -sanitize=fuzzer). A build without libFuzzer replays instead: every file named (or
/// in a directory named) goes through the target once, which is how the regression inputs run
/// in the tests.
@main
enum BehaveFuzz {
    nonisolated(unsafe) static let targets: [any FuzzTarget.Type] = [
        JSONTarget.self, PlanTarget.self, EventsTarget.self, ValuesTarget.self, SandboxTarget.self, TraceTarget.self,
        SignatureTarget.self, CacheTarget.self, QuarantineTarget.self,
    ]

    nonisolated(unsafe) static var selected: (any FuzzTarget.Type)?

    /// One input from libFuzzer, through the selected target.
    static func check(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        guard let target = selected else { return }
        let input = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
        target.check(input)
    }

    static func main() {
        var arguments = CommandLine.arguments
        guard arguments.count >= 2, let target = targets.first(where: { $0.name == arguments[1] }) else {
            let names = targets.map { $0.name }.joined(separator: "|")
            StandardError.write("usage: behave-fuzz \(names) [libFuzzer options] [CORPUS...]\n")
            exit(64)
        }
        selected = target
        arguments.remove(at: 1)
        let status = FuzzDriver.run(arguments)
        if status >= 0 { exit(status) }
        exit(Replay.run(target, paths: Array(arguments.dropFirst().filter { !$0.hasPrefix("-") })))
    }
}

/// Hands the command line to libFuzzer's driver, if the build has one.
enum FuzzDriver {
    /// libFuzzer's exit status, or -1 without libFuzzer.
    static func run(_ arguments: [String]) -> Int32 {
        var argc = Int32(arguments.count)
        var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        return pointers.withUnsafeMutableBufferPointer { buffer in
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = buffer.baseAddress
            return behave_fuzz_run_driver(&argc, &argv, fuzzOne)
        }
    }
}

/// libFuzzer's callback: a C function, so it can reach the target only through a static.
private func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    BehaveFuzz.check(data, size)
    return 0
}
