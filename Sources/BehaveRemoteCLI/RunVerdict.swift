#if Remote
    /// Whether a remote behaviour's run failed, as its ``LoadedBehaviour``'s hooks learn it: the
    /// failure hook sets it, and the hook after the run reads it to record a copy that ran well.
    ///
    /// Both hooks are called by the run's own task, one after the other (`afterFailure` first), so
    /// they never touch it at the same time.
    final class RunVerdict: @unchecked Sendable {
        /// Whether the run failed.
        var failed = false
    }
#endif
