import ArgumentParser
import Behave
import BehaveLua

/// The tool's documented exit codes (docs/cli.md, "Exit codes").
package enum BehaveExit {
    /// The behaviour ran to the end.
    package static let success: Int32 = 0
    /// The behaviour raised an error it did not catch.
    package static let scriptError: Int32 = 1
    /// A sandbox limit terminated the behaviour.
    package static let limitExceeded: Int32 = 3
    /// `replay`: the script left its recording (a call the recording does not have, or with other
    /// arguments), or ended otherwise than the recorded run.
    package static let diverged: Int32 = 5
    /// `replay`: the recording was cut by its byte cap; the part before the cut replayed.
    package static let recordingCut: Int32 = 6
    /// The behaviour ran, but from the last good copy: the fresh copy could not be had (the warning says why).
    package static let ranLastGoodCopy: Int32 = 10
    /// The behaviour ran, but from the `--fallback` file: there was neither a fresh nor a cached copy.
    package static let ranFallback: Int32 = 11
    /// Usage error (ArgumentParser's own code for bad arguments).
    package static let usage: Int32 = 64
    /// The behaviour is malformed or does not fit the modules; nothing ran.
    package static let invalid: Int32 = 65
    /// The file could not be read.
    package static let unreadable: Int32 = 66
    /// A remote behaviour had no fresh copy, no cached copy and no fallback, or `behave-remote` could not
    /// be started: nothing ran.
    package static let nothingRan: Int32 = 69
    /// An output file (key, signature) could not be written; nothing was replaced.
    package static let cannotWrite: Int32 = 73
    /// The tool itself is built wrong: one of its own options (``ToolOption``) cannot be one.
    package static let software: Int32 = 70
    /// Interrupted (Ctrl-C).
    package static let interrupted: Int32 = 130
    /// Stopped by SIGTERM (128 + the signal, as shells report it).
    package static let terminatedBySignal: Int32 = 143
    /// Stopped by SIGHUP (the terminal went away; 128 + the signal).
    package static let hungUp: Int32 = 129
    /// The behaviour's output could not be written (a full disk, a closed pipe).
    package static let outputFailed: Int32 = 74

    /// Prints the error's one-line report on stderr, after the behaviour's output, and gives its
    /// exit code (74 if that output could not be written).
    package static func report(_ error: BehaveError) -> ExitCode {
        let unwritten = StandardOutput.flush()
        let code = describe(error)
        if let unwritten { return outputFailure(unwritten) }
        return code
    }

    /// Writes out the behaviour's output; exit 74, with one line, if it cannot be written.
    package static func flushOutput() throws(ExitCode) {
        if let unwritten = StandardOutput.flush() { throw outputFailure(unwritten) }
    }

    private static func outputFailure(_ reason: String) -> ExitCode {
        StandardError.write("\(BehaveTool.current.name): cannot write the behaviour's output: \(reason)\n")
        return ExitCode(outputFailed)
    }

    private static func describe(_ error: BehaveError) -> ExitCode {
        switch error {
        case .unreadable:
            StandardError.write("\(BehaveTool.current.name): \(error)\n")
            return ExitCode(unreadable)
        case .tooLarge:
            StandardError.write("\(BehaveTool.current.name): \(error) (--max-input changes it)\n")
            return ExitCode(unreadable)
        case .invalid(let diagnostics):
            for diagnostic in diagnostics { StandardError.write("\(diagnostic)\n") }
            return ExitCode(invalid)
        case .failed(let lua):
            StandardError.write("\(BehaveTool.current.name): \(lua.message)\n")
            if let traceback = lua.traceback { StandardError.write(traceback + "\n") }  // script frames only
            return ExitCode(scriptError)
        case .terminated(let lua):
            StandardError.write("\(BehaveTool.current.name): \(lua.message)\n")
            return ExitCode(lua.kind == .cancelled ? Interrupts.exitCode : limitExceeded)
        }
    }
}
