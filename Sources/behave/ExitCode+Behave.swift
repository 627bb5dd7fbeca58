import ArgumentParser
import Behave
import Lua

/// The tool's documented exit codes (README: "Exit codes").
enum BehaveExit {
    /// The behaviour ran to the end.
    static let success: Int32 = 0
    /// The behaviour raised an error it did not catch.
    static let scriptError: Int32 = 1
    /// A sandbox limit terminated the behaviour.
    static let limitExceeded: Int32 = 3
    /// Usage error (ArgumentParser's own code for bad arguments).
    static let usage: Int32 = 64
    /// The behaviour is malformed or does not fit the modules; nothing ran.
    static let invalid: Int32 = 65
    /// The file could not be read.
    static let unreadable: Int32 = 66
    /// Interrupted (Ctrl-C).
    static let interrupted: Int32 = 130

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
