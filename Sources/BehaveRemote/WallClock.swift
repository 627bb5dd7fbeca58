import BehavePlatform

/// Calendar time, for cache ages and the minimum fetch interval (timeouts use NIODeadline).
enum WallClock {
    /// Seconds since 1970.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
