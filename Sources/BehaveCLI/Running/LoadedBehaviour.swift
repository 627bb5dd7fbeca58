import Behave

/// A behaviour named on the command line: a file, or an http(s) URL loaded through the cache.
package struct LoadedBehaviour {
    /// The behaviour to run.
    package var behaviour: Behaviour
    /// The exit code for a run that itself succeeded: it still tells whether a stale copy ran
    /// (``BehaveExit/ranLastGoodCopy``, ``BehaveExit/ranFallback``).
    package var successCode: Int32
    /// What must finish before the tool exits, after the behaviour ran: a remote behaviour's fetch
    /// that `--max-wait` left running, whose fresh copy is kept for the next run.
    package var afterRun: (@Sendable () async -> Void)?
    /// Told why the run failed (its first line), when the failure matters to where the behaviour
    /// came from: a remote copy that failed its first run is quarantined.
    package var afterFailure: (@Sendable (String, Recording?) -> Void)?
    /// Whether ``afterFailure`` keeps the failing run's recording (a quarantine does): the tool
    /// completes a recording only for someone who keeps it.
    package var keepsFailingRecording: Bool
    /// What swaps in new copies while it runs (a remote behaviour with live events); nil for a file.
    package var live: (any LiveSwap)?
    /// Whether this copy took over from another while the tool ran: a failure rolls it back live.
    package var tookOver = false

    package init(
        behaviour: Behaviour, successCode: Int32 = BehaveExit.success, afterRun: (@Sendable () async -> Void)? = nil,
        afterFailure: (@Sendable (String, Recording?) -> Void)? = nil, keepsFailingRecording: Bool = false
    ) {
        self.behaviour = behaviour
        self.successCode = successCode
        self.afterRun = afterRun
        self.afterFailure = afterFailure
        self.keepsFailingRecording = keepsFailingRecording
    }

    /// Reads `argument`: a file here, `-` for stdin (as `lua -` reads it), a URL through `tools`
    /// with `remote`'s settings (handed to `behave-remote` without them).
    /// `validate` decides whether a downloaded or cached copy may run; with `liveValidate`, which
    /// checks a copy from any thread, a URL's copy is kept current while it runs.
    /// A file, or the `--fallback` of a URL, holds at most `limit` bytes (``Limits/input``); one
    /// that is not regular, or stdin, must end within `seconds` (``Limits/time``).
    static func load(
        _ argument: String, limit: Int, seconds: Double = Limits().time, remote: RemoteOptions?,
        tools: (any RemoteTools)?, liveValidate: (@Sendable (Behaviour) -> [Diagnostic])? = nil,
        validate: (Behaviour) -> [Diagnostic]
    ) async throws(BehaveExitError) -> LoadedBehaviour {
        if argument == "-" {
            do { return LoadedBehaviour(behaviour: try stdin(limit: limit, seconds: seconds)) } catch {
                throw BehaveExitError(BehaveExit.report(error))
            }
        }
        guard Behaviour.isRemote(argument) else {
            do {
                return LoadedBehaviour(behaviour: try Behaviour.read(path: argument, limit: limit, timeLimit: seconds))
            } catch {
                throw BehaveExitError(BehaveExit.report(error))
            }
        }
        guard let tools, let remote else { RemoteHandOff.exec() }
        return try await tools.load(
            argument, options: remote, inputLimit: limit, liveValidate: liveValidate, validate: validate)
    }

    /// What stdin holds, at most `limit` bytes, as the behaviour named `stdin` (`run -`, a piped
    /// REPL, bare `behave`).
    /// Unless stdin is a terminal, its end must come within `seconds` (0 for no bound).
    static func stdin(limit: Int, seconds: Double = Limits().time) throws(BehaveError) -> Behaviour {
        Behaviour(
            name: "stdin", bytes: try FileBytes.read(fd: 0, name: "stdin", limit: limit, seconds: seconds),
            directory: ".")
    }
}
