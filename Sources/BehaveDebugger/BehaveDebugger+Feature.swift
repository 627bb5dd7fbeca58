import Behave
import BehaveLua

/// The debugger joins a host as a feature: each state the host makes stops where it says.
extension BehaveDebugger: HostFeature {
    /// Installs the debugger's hook on the state.
    public func stateBuilt(_ lua: LuaState) { install(on: lua) }
}
