import CBehave

/// Flags a signal handler may set and any thread read: atomic stores and loads on plain `Int32`s,
/// async-signal-safe, for a tool's own handlers (Ctrl-C, SIGTERM) beside ``Cancellation``.
public enum SignalFlags {
    /// Sets `flag`; safe in a signal handler.
    @inlinable public static func set(_ flag: UnsafeMutablePointer<Int32>) { behave_set_flag(flag) }

    /// Whether `flag` is set.
    @inlinable public static func isSet(_ flag: UnsafeMutablePointer<Int32>) -> Bool { behave_flag_is_set(flag) != 0 }

    /// Cancels the runs of the ``Cancellation`` whose ``Cancellation/flagPointer`` is `flag`; safe
    /// in a signal handler.
    @inlinable public static func cancel(_ flag: UnsafeMutablePointer<Int32>) { behave_cancel(flag) }
}
