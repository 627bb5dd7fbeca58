import ArgumentParser
import Behave
import BehavePlatform

/// `behave test [FILE…]`: runs test files for behaviours (docs/testing.md).
struct TestCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "test",
            abstract:
                "Run tests of behaviours: Lua files of test(name, fn), each test in a fresh sandbox on a virtual clock.",
            discussion: """
                With no FILE, runs every *_test.lua under the current directory; a directory runs those under it. \
                Exit 0 when every test passed, 1 when one failed or none was found.
                """ + BehaveTool.current.optionsHelp()
        )
    }

    @Argument(help: "Test files, or directories to find *_test.lua files in.", completion: .file(extensions: ["lua"]))
    var files: [String] = []

    @Option(help: ArgumentHelp("Runs only the tests whose names contain TEXT.", valueName: "text"))
    var filter: String?

    @Option(help: ArgumentHelp("Writes a JUnit XML report to FILE (for CI).", valueName: "file"))
    var junit: String?

    @Option(
        help: ArgumentHelp(
            "Writes a JSON line for each module action, event delivered and timer fired to FILE; - for stderr.",
            valueName: "file"))
    var trace: String?

    @Option(
        help: ArgumentHelp(
            "Writes an lcov tracefile to FILE: the lines and functions of the behaviours the tests ran, and how often each ran (genhtml makes pages of it).",
            valueName: "file"))
    var coverage: String?

    @Option(
        name: .customLong("coverage-min"),
        help: ArgumentHelp(
            "Fails the run (exit 1) when less than PERCENT of the lines with code ran; with --coverage.",
            valueName: "percent"))
    var coverageMinimum: Double?

    @Flag(name: .customLong("coverage-tests"), help: "Counts the test files' own lines in the coverage too.")
    var coverageTests = false

    @Flag(help: "Run again whenever a test file, or a file its tests loaded, changes; Ctrl-C stops.")
    var watch = false

    @Flag(name: .customLong("real-time"), help: "Run on the system's clock: waits take real time.")
    var realTime = false

    @Option(
        name: .customLong("context"),
        help: ArgumentHelp(
            "Adds KEY=VALUE to the tests' read-only `context` table (repeatable).", valueName: "key=value"))
    var contextEntries: [ContextEntry] = []

    @Option(
        help: ArgumentHelp(
            "Writes a test file made from a recording (`run --record`) instead of running tests: the modules faked with the recorded answers, the recorded events, checks of the calls and the outcome.",
            valueName: "recording"))
    var fromRecording: String?

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp(
            "Where --from-recording writes the test file (never over an existing file); stdout without it.",
            valueName: "file"))
    var output: String?

    @OptionGroup var sandbox: SandboxOptions

    func validate() throws {
        if output != nil && fromRecording == nil { throw ValidationError("-o goes with --from-recording") }
        if coverage == nil && (coverageMinimum != nil || coverageTests) {
            throw ValidationError("--coverage-min and --coverage-tests go with --coverage")
        }
        if let coverageMinimum, !(0...100).contains(coverageMinimum) {
            throw ValidationError("--coverage-min takes a percentage from 0 to 100, not \(coverageMinimum)")
        }
    }

    func run() async throws {
        if let fromRecording {
            return try await RecordingTest.write(from: fromRecording, to: output)
        }
        var policy = sandbox.policy
        // A test that waits for what never comes would otherwise run forever on its virtual clock.
        if sandbox.limits.durationLimit == nil { policy.limits.duration = TestSuite.defaultDuration }
        let suite = TestSuite(
            files: files, filter: filter, junit: junit, trace: trace, realTime: realTime, context: contextEntries,
            policy: policy,
            coverage: coverage.map { CoverageOutput(path: $0, minimum: coverageMinimum, includesTests: coverageTests) })
        guard watch else {
            var watched: [String] = []
            return try await suite.run(watched: &watched)
        }
        try await FileWatch.repeating { (files: inout [String]) async throws(ExitCode) in
            try await suite.run(watched: &files)
        }
    }
}
