import BehaveTestSupport
import Foundation
import Testing

/// A bad argument to a runtime helper is named where the script wrote it.
@Suite("Helpers' bad arguments")
struct HelperArgumentTests {
    @Test(
        "a bad timeout names wait_for's option, a bad delay the first argument",
        arguments: [
            (
                "wait_for('x', {timeout = -1})",
                "bad option 'timeout' of argument #2 to 'wait_for' (non-negative number of seconds expected, got -1)"
            ),
            (
                "wait_for('x', {timeout = 'soon'})",
                "bad option 'timeout' of argument #2 to 'wait_for' (non-negative number of seconds expected, got string)"
            ),
            ("wait(-2)", "bad argument #1 to 'wait' (non-negative number of seconds expected, got -2)"),
        ])
    func message(code: String, message: String) throws {
        let result = try Tool.run(["run", "--fast", "-e", code])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("behave: (command line):1: \(message)\n"), "\(result.stderr)")
    }
}
