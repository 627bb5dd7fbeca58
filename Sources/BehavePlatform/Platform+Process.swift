extension Platform {
    /// The running executable's path, or nil where the platform cannot say.
    /// The processors this process may run on (at least 1): how many rehearsed devices run at once.
    package static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    package static func executablePath() -> String? {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #elseif canImport(Darwin)
            var size = UInt32(0)
            _ = _NSGetExecutablePath(nil, &size)
            var buffer = [CChar](repeating: 0, count: Int(size) + 1)
            guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
            return String(cString: buffer)
        #else
            return nil
        #endif
    }

    /// The per-user directory for caches: `$XDG_CACHE_HOME` or `~/.cache` on Linux,
    /// `~/Library/Caches` on Apple platforms.
    package static var userCacheDirectory: String {
        let home = environment("HOME") ?? "."
        #if canImport(Darwin)
            return home + "/Library/Caches"
        #else
            if let xdg = environment("XDG_CACHE_HOME"), xdg.hasPrefix("/") { return xdg }
            return home + "/.cache"
        #endif
    }

    /// The per-user directory for state that must last (histories, stores): `$XDG_STATE_HOME`,
    /// else `~/.local/state`, on every platform, as command-line tools keep it; nil without a
    /// home. Relative values are ignored, as XDG says.
    package static var userStateDirectory: String? {
        func absolute(_ name: String) -> String? { environment(name).flatMap { $0.hasPrefix("/") ? $0 : nil } }
        return absolute("XDG_STATE_HOME") ?? absolute("HOME").map { $0 + "/.local/state" }
    }

    /// How a help text names the directory `name` in ``userCacheDirectory``.
    package static func userCacheDirectoryText(_ name: String) -> String {
        #if canImport(Darwin)
            return "~/Library/Caches/\(name)"
        #else
            return "$XDG_CACHE_HOME/\(name) or ~/.cache/\(name)"
        #endif
    }

    /// The environment variable `name`, or nil when it is not set.
    package static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

extension Platform {
    /// Arms SIGALRM to arrive in `microseconds` (under a second), replacing any alarm set. Safe
    /// in a signal handler: one system call, nothing allocated.
    package static func armAlarm(microseconds: Int32) {
        var timer = itimerval(it_interval: timeval(), it_value: timeval(tv_sec: 0, tv_usec: .init(microseconds)))
        #if canImport(Glibc)
            setitimer(__itimer_which_t(ITIMER_REAL.rawValue), &timer, nil)
        #else
            setitimer(ITIMER_REAL, &timer, nil)
        #endif
    }
}
