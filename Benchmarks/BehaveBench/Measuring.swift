import BehaveLua
import BehavePlatform

/// Seconds on the monotonic clock.
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

extension String {
    /// The path with its last component replaced (the tool built next to this executable).
    func replacingLastComponent(with name: String) -> String {
        guard let slash = lastIndex(of: "/") else { return name }
        return String(self[...slash]) + name
    }
}

/// ns per call of `f` from a Lua loop of `calls` iterations (the loop's own cost included on
/// both sides, as a user pays it).
func nsPerCall(_ loop: LuaFunction, calls: Int) throws -> Double {
    let start = now()
    try loop.call()
    return (now() - start) / Double(calls) * 1e9
}
