import ArgumentParser
import Behave
import BehaveCoverage
import BehavePlatform

/// What `behave test --coverage FILE` does once the tests have run: writes the lcov tracefile
/// (whole or not at all), says how much ran, and checks `--coverage-min`.
struct CoverageOutput {
    /// Where the tracefile goes.
    var path: String
    /// The share of lines with code that must have run, in percent; nil for no check.
    var minimum: Double?
    /// Whether the test files' own lines count (`--coverage-tests`).
    var includesTests = false

    /// Writes `report` and prints its summary line; returns whether it meets the minimum. Throws
    /// exit 73 when the file cannot be written (the file there before stays as it was).
    func write(_ report: CoverageReport) throws(ExitCode) -> Bool {
        let name = BehaveTool.current.name
        do { try OutputFile.write(Array(report.lcov().utf8), to: path) } catch {
            StandardError.write("\(name): cannot write \(path): \(error.reason)\n")
            throw ExitCode(BehaveExit.cannotWrite)
        }
        let functions = report.files.flatMap(\.functions)
        print(
            "coverage: \(report.linesHit) of \(report.linesFound) lines (\(Self.percent(report.percent))), "
                + "\(functions.count(where: { $0.calls > 0 })) of \(functions.count) functions, in \(path)")
        if report.incomplete { StandardError.write("\(name): coverage: some lines were past what is counted\n") }
        guard let minimum, report.percent < minimum else { return true }
        StandardError.write(
            "\(name): coverage \(Self.percent(report.percent)) is below --coverage-min \(Self.percent(minimum))\n")
        return false
    }

    /// A percentage with one decimal, rounded down so that 99.96 never shows as 100.0%.
    static func percent(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded(.down))
        return "\(tenths / 10).\(tenths % 10)%"
    }
}
