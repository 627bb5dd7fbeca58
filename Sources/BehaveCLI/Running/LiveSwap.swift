import Behave

/// What keeps a remote behaviour current while it runs (`--activate`, `--poll`, the `behave.update`
/// notices of `--events URL`): it hands the run's events channel over to a new copy that passed
/// every check, and gives the tool that copy, or the copy before one that failed after taking over.
package protocol LiveSwap: Sendable {
    /// Hand-overs go to the run reading `channel`.
    func attach(_ channel: EventChannel)
    /// The copy a hand-over was asked for, which the next run runs; nil when none waits.
    /// `ranWell` says whether the copy that handed over ran without a failed handler.
    func takeOver(ranWell: Bool) -> LoadedBehaviour?
    /// The running copy, which took over and then failed with `reason`, is quarantined (with the
    /// failing run's recording); returns the copy before it, which runs again, or nil.
    func rollBack(because reason: String, recording: Recording?) -> LoadedBehaviour?
    /// Stops looking for new copies.
    func stop()
}
