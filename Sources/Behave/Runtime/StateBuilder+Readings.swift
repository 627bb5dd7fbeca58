import BehaveLua
import CBehaveRuntime

extension StateBuilder {
    /// Makes the state's `os.time()`, `os.clock()` and `os.date()` read the clock through
    /// `readings`, which records each reading or, in a replay, answers the recorded one.
    static func installReadings(in lua: LuaState, readings: ClockReadings) throws {
        let reading = lua.function(named: "reading") { stack in
            let clock = RecordedEntry.Clock(rawValue: try String.read(from: stack, at: 1)) ?? .time
            let system = Tracer.plain(stack, from: 2, count: 1).first ?? .null
            try readings.read(clock, system: system).push(to: stack)
            return 1
        }
        guard let os = try lua.globals()["os"].table else { return }
        _ = try lua.function(behave_readings_install).call(os, reading)
    }
}
