#if Remote
    import Behave
    import BehavePlatform

    /// Calendar time, for cache ages and the minimum fetch interval (timeouts use NIODeadline).
    package enum WallClock {
        /// Seconds since 1970.
        package static func now() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_REALTIME, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }

        /// Whether `seconds` is a time a file of the cache may hold: a number, after 1970 and before
        /// the year 10000. Anything else read back is damage, and never converted to an integer.
        static func isTime(_ seconds: Double) -> Bool { seconds.isFinite && seconds >= 0 && seconds < latest }

        /// 10000-01-01 00:00:00 UTC.
        static let latest: Double = 253_402_300_800

        /// `seconds` as a date (``UTCDate``), or "an unknown date" for a value that is not one.
        static func dateText(_ seconds: Double) -> String {
            isTime(seconds) && seconds > 0 ? UTCDate.text(Int64(seconds)) : "an unknown date"
        }
    }

    extension UTCDate {
        /// `seconds` (a time the cache read back) as a date, or "an unknown date" for a value that is
        /// not one (not a number, before 1970, after the year 9999): never a conversion that traps.
        package static func text(seconds: Double) -> String { WallClock.dateText(seconds) }
    }
#endif
