import BehaveLua

/// Coverage joins a host as a feature: each state it makes counts into the recorder, and each
/// Lua chunk it loads is listed, also the lines no run reaches.
extension CoverageRecorder: HostFeature {
    /// Installs the line and call hook, which joins the sandbox's count hook.
    public func stateBuilt(_ lua: LuaState) { lua.control.installCoverage(counts, on: lua.pointer) }

    /// Notes the chunk, so the report lists its lines.
    public func chunkLoaded(_ chunk: String, path: String, bytes: [UInt8]) {
        note(chunk: chunk, path: path, bytes: bytes)
    }
}
