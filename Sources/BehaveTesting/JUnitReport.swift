import Behave

/// What one test file gave: its results, or the error that stopped it before its tests ran.
public struct TestFileReport: Sendable {
    /// The file, as the report names it.
    public var file: String
    /// Its tests' results, in the order they ran.
    public var results: [TestResult]
    /// What stopped the file itself, nil when it ran.
    public var error: String?
    /// How long the file took, in seconds.
    public var seconds: Double

    /// A report of `file`.
    public init(file: String, results: [TestResult], error: String? = nil, seconds: Double) {
        self.file = file
        self.results = results
        self.error = error
        self.seconds = seconds
    }
}

/// Test results as JUnit XML, the format CI services read (`behave test --junit FILE`).
public enum JUnitReport {
    /// One `<testsuite>` per test file, one `<testcase>` per test; a file that could not run is a
    /// test case named `(the file itself)` with an `<error>`.
    /// `tool` names the suite of suites (`behave test`, or a team's tool's).
    public static func xml(_ reports: [TestFileReport], tool: String) -> String {
        let tests = reports.reduce(0) { $0 + $1.results.count + ($1.error == nil ? 0 : 1) }
        let failures = reports.reduce(0) { $0 + $1.results.filter { !$0.passed }.count }
        let errors = reports.filter { $0.error != nil }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<testsuites name=\"\(escape(tool)) test\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        for report in reports {
            let failed = report.results.filter { !$0.passed }.count
            xml +=
                "  <testsuite name=\"\(escape(report.file))\" tests=\"\(report.results.count + (report.error == nil ? 0 : 1))\""
            xml +=
                " failures=\"\(failed)\" errors=\"\(report.error == nil ? 0 : 1)\" time=\"\(SecondsText.milliseconds(report.seconds))\">\n"
            for result in report.results {
                xml += "    <testcase name=\"\(escape(result.name))\" classname=\"\(escape(report.file))\""
                xml += " time=\"\(SecondsText.milliseconds(result.duration))\""
                if let failure = result.failure {
                    let firstLine = failure.prefix { $0 != "\n" }
                    xml += ">\n      <failure message=\"\(escape(String(firstLine)))\">"
                    xml +=
                        escape(failure + (result.traceback.map { "\n" + $0 } ?? "")) + "</failure>\n    </testcase>\n"
                } else {
                    xml += "/>\n"
                }
            }
            if let error = report.error {
                xml += "    <testcase name=\"(the file itself)\" classname=\"\(escape(report.file))\" time=\"0\">\n"
                xml +=
                    "      <error message=\"\(escape(String(error.prefix { $0 != "\n" })))\">\(escape(error))</error>\n"
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// `text` as XML character data or an attribute value: the five special characters as
    /// entities, and the control characters XML 1.0 cannot hold as U+FFFD.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
