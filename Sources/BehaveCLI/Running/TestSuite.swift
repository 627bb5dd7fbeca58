import ArgumentParser
import Behave
import BehaveCoverage
import BehavePlatform
import BehaveTesting

/// What `behave test` does, as a plain value: finds the test files, runs each file's tests in
/// fresh states of one host, reports each test as it ends and the totals, and writes the JUnit
/// report.
struct TestSuite {
    /// How long a test may run on its clock unless `--duration-limit` says otherwise: a test that
    /// waits for what never comes fails after an hour of virtual time, at once in real time.
    static let defaultDuration = 3600.0
    /// What a test file's name ends with, for the files found in directories.
    static let suffix = "_test.lua"

    var files: [String]
    var filter: String?
    var junit: String?
    var trace: String?
    var realTime = false
    var context: [ContextEntry] = []
    var policy = SandboxPolicy()
    /// Where `--coverage` writes, and what it checks; nil without it (no hook is installed).
    var coverage: CoverageOutput?

    /// Runs every test; `watched` gets the test files and every file their tests loaded. Throws
    /// exit 1 when a test failed or none ran, and the documented code of anything else.
    func run(watched: inout [String]) async throws(ExitCode) {
        let paths = try testFiles()
        watched = paths
        let name = BehaveTool.current.name
        if paths.isEmpty {
            StandardError.write(
                "\(name): no test files (*\(Self.suffix)) under \(files.isEmpty ? "." : files.joined(separator: ", "))\n"
            )
            throw ExitCode(BehaveExit.scriptError)
        }
        let traceOutput = try trace.map { path throws(ExitCode) in
            try TraceOutput.create(path, limit: policy.limits.output)
        }
        let recorder = coverage.map { _ in CoverageRecorder() }
        var reports: [TestFileReport] = []
        for path in paths {
            let report = try await run(path, trace: traceOutput, coverage: recorder, watched: &watched)
            reports.append(report)
            if Interrupts.cancelled { throw ExitCode(Interrupts.exitCode) }
        }
        let passed = reports.reduce(0) { $0 + $1.results.filter(\.passed).count }
        let failed = reports.reduce(0) { $0 + $1.results.filter { !$0.passed }.count + ($1.error == nil ? 0 : 1) }
        print("\(passed) passed, \(failed) failed")
        try BehaveExit.flushOutput()
        if let junit {
            do {
                try OutputFile.write(Array(JUnitReport.xml(reports, tool: BehaveTool.current.name).utf8), to: junit)
            } catch {
                StandardError.write("\(name): cannot write \(junit): \(error.reason)\n")
                throw ExitCode(BehaveExit.cannotWrite)
            }
        }
        var covered = true
        if let coverage, let recorder {
            covered = try coverage.write(recorder.report(excluding: { !coverage.includesTests && paths.contains($0) }))
        }
        if failed > 0 || passed == 0 {
            if failed == 0 { StandardError.write("\(name): no tests ran\n") }
            throw ExitCode(BehaveExit.scriptError)
        }
        if !covered { throw ExitCode(BehaveExit.scriptError) }
    }

    /// Runs one file's tests, printing each result as it ends.
    private func run(
        _ path: String, trace: TraceOutput?, coverage: CoverageRecorder?, watched: inout [String]
    ) async throws(ExitCode) -> TestFileReport {
        let started = SystemClock().now
        let file: Behaviour
        do { file = try Behaviour.read(path: path, limit: policy.limits.input) } catch {
            throw BehaveExit.report(error)
        }
        let host = try ToolHost.make(
            policy: policy, clock: realTime ? SystemClock() : VirtualClock(), store: .inMemory(), coverage: coverage)
        trace?.attach(host)
        for entry in context { host.context[entry.key] = .string(entry.value) }
        Interrupts.route(to: host.cancellation)
        print(path)
        var report = TestFileReport(file: path, results: [], error: nil, seconds: 0)
        do {
            report.results = try await TestFile(file).run(on: host, matching: filter) { result in
                // After the test's own lines: which test they were, and how it ended.
                trace?.write(
                    "{\"type\":\"test\",\"file\":\(JSONText.quoted(path)),\"name\":\(JSONText.quoted(result.name)),"
                        + "\"passed\":\(result.passed)}")
                StandardOutput.flush()
                print(Self.line(for: result, in: file))
                StandardOutput.flush()
                watched.append(contentsOf: host.requiredFiles)
            }
        } catch {
            if Interrupts.cancelled { throw ExitCode(Interrupts.exitCode) }
            watched.append(contentsOf: host.requiredFiles)
            report.error = error.description
            StandardOutput.flush()
            print("  FAIL  (the file itself)\n" + Self.indented(error.description, file: file))
        }
        report.seconds = SystemClock().now - started
        return report
    }

    /// A result's lines: `ok` and the name, or `FAIL`, the name, the failure and its source line.
    static func line(for result: TestResult, in file: Behaviour) -> String {
        guard let failure = result.failure else { return "  ok    \(result.name)" }
        return "  FAIL  \(result.name)\n" + indented(failure, file: file)
    }

    /// `message` indented under a result, followed by the test file's line it names, if any.
    static func indented(_ message: String, file: Behaviour) -> String {
        var lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { "        " + $0 }
        // The first place in the test file the message names: the line the reader fixes.
        if let place = message.firstRange(of: file.name + ":") {
            let digits = message[place.upperBound...].prefix(while: \.isNumber)
            let source = file.bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            if let number = Int(digits), number > 0, number <= source.count {
                lines.append(
                    "        \(number) | " + String(decoding: source[number - 1], as: UTF8.self).trimmingWhitespace())
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The test files: those named, and the `*_test.lua` files under the directories named (the
    /// current directory when none is), skipping hidden directories.
    func testFiles() throws(ExitCode) -> [String] {
        var found: [String] = []
        for path in files.isEmpty ? ["."] : files {
            if let entries = Platform.directoryEntries(path) {
                Self.collect(path, entries, into: &found)
            } else if Platform.fileStamp(path) == nil {
                StandardError.write(
                    "\(BehaveTool.current.name): \(path): cannot read: \(String(cString: strerror(errno)))\n")
                throw ExitCode(BehaveExit.unreadable)
            } else {
                found.append(path)
            }
        }
        return found
    }

    private static func collect(
        _ directory: String, _ entries: [(name: String, isDirectory: Bool)], into found: inout [String]
    ) {
        for entry in entries where !entry.name.hasPrefix(".") {
            let path = directory == "." ? entry.name : directory + "/" + entry.name
            if entry.isDirectory {
                if let inner = Platform.directoryEntries(path) { collect(path, inner, into: &found) }
            } else if entry.name.hasSuffix(suffix) {
                found.append(path)
            }
        }
    }
}
