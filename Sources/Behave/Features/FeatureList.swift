import BehaveLua

/// A host's features, in the order the app gave them, and the moments the host's core tells them
/// of: the state builder and the scheduler name no feature, only this list.
struct FeatureList: Sendable {
    let all: [any HostFeature]

    /// Every feature's modules.
    var modules: [any BehaveModule] {
        var modules: [any BehaveModule] = []
        for feature in all { modules += feature.modules }
        return modules
    }

    func stateBuilt(_ lua: LuaState) {
        for feature in all { feature.stateBuilt(lua) }
    }

    func behaviourBegins(identity: String) {
        for feature in all { feature.behaviourBegins(identity: identity) }
    }

    func chunkLoaded(_ chunk: String, path: String, bytes: [UInt8]) {
        for feature in all { feature.chunkLoaded(chunk, path: path, bytes: bytes) }
    }

    /// The features that watch the run `start` begins.
    func runBegins(_ start: RunStart) throws(BehaveError) -> RunWatchers {
        var watching: [any HostFeature] = []
        for feature in all where try feature.runBegins(start) { watching.append(feature) }
        return RunWatchers(features: watching, origin: start.origin)
    }
}
