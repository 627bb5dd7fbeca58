import Behave
import BehaveLua
import CBehaveTools

/// Coverage joins a host as a feature: each state it makes counts into the recorder, and each
/// Lua chunk it loads is listed, also the lines no run reaches.
extension CoverageRecorder: HostFeature {
    /// Installs the line and call hook, which joins the sandbox's count hook.
    public func stateBuilt(_ lua: LuaState) { _ = behave_install_coverage(lua.control.pointer, lua.pointer, counts) }

    /// Notes the chunk, so the report lists its lines.
    public func chunkLoaded(_ chunk: String, path: String, bytes: [UInt8]) {
        note(chunk: chunk, path: path, bytes: bytes)
    }
}
