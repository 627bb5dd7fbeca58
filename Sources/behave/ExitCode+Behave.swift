import ArgumentParser
import Behave
import BehaveRemote
import Lua

/// The tool's documented exit codes (README: "Exit codes").
enum BehaveExit {
    /// The behaviour ran to the end.
    static let success: Int32 = 0
    /// The behaviour raised an error it did not catch.
    static let scriptError: Int32 = 1
    /// A sandbox limit terminated the behaviour.
    static let limitExceeded: Int32 = 3
    /// The behaviour ran, but from the last good copy: the fresh copy could not be had (the warning says why).
    static let ranLastGoodCopy: Int32 = 10
    /// The behaviour ran, but from the `--fallback` file: there was neither a fresh nor a cached copy.
    static let ranFallback: Int32 = 11
    /// Usage error (ArgumentParser's own code for bad arguments).
    static let usage: Int32 = 64
    /// The behaviour is malformed or does not fit the modules; nothing ran.
    static let invalid: Int32 = 65
    /// The file could not be read.
    static let unreadable: Int32 = 66
    /// A remote behaviour had no fresh copy, no cached copy and no fallback: nothing ran.
    static let nothingRan: Int32 = 69
    /// An output file (key, signature) could not be written; nothing was replaced.
    static let cannotWrite: Int32 = 73
    /// Interrupted (Ctrl-C).
    static let interrupted: Int32 = 130

    /// Prints why a remote behaviour could not be loaded and gives its exit code.
    static func report(_ error: RemoteError) -> ExitCode {
        if case .nothingToRun(_, _, _, let notes) = error {
            for note in notes { StandardError.write("behave: warning: \(note)\n") }
        }
        StandardError.write("behave: \(error)\n")
        switch error {
        case .refusedURL: return ExitCode(usage)
        case .nothingToRun: return ExitCode(nothingRan)
        }
    }

    /// Prints the error's one-line report on stderr and gives its exit code.
    static func report(_ error: BehaveError) -> ExitCode {
        switch error {
        case .unreadable:
            StandardError.write("behave: \(error)\n")
            return ExitCode(unreadable)
        case .invalid(let diagnostics):
            for diagnostic in diagnostics { StandardError.write("\(diagnostic)\n") }
            return ExitCode(invalid)
        case .failed(let lua):
            StandardError.write("behave: \(lua.message)\n")
            if let traceback = lua.traceback { StandardError.write(traceback + "\n") }  // script frames only
            return ExitCode(scriptError)
        case .terminated(let lua):
            StandardError.write("behave: \(lua.message)\n")
            return ExitCode(lua.kind == .cancelled ? interrupted : limitExceeded)
        }
    }
}

/// An exit already reported on stderr, carried through `throws(…)`.
struct BehaveExitError: Error {
    var code: ExitCode
    init(_ code: ExitCode) { self.code = code }
}
