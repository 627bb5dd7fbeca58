import BehavePlatform

/// Nanoseconds on the monotonic clock, for tests that bound how long a stop takes.
func behave_now_ns_swift() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
}
