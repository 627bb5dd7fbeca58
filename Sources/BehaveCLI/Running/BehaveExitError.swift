import ArgumentParser
import BehaveLua

/// An exit already reported on stderr, carried through `throws(…)`.
package struct BehaveExitError: Error {
    /// The code the tool exits with.
    package var code: ExitCode
    package init(_ code: ExitCode) { self.code = code }
}
