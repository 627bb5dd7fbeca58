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

    func joins(_ host: BehaveHost) throws(BehaveError) {
        for feature in all { try feature.joins(host) }
    }

    /// The features that watch the run `start` begins. When one refuses the run, those that
    /// already watch it hear it end, failed as it is.
    func runBegins(_ start: RunStart) throws(BehaveError) -> RunWatchers {
        var watching: [any HostFeature] = []
        for feature in all {
            do {
                if try feature.runBegins(start) { watching.append(feature) }
            } catch {
                RunWatchers(features: watching, origin: start.origin).runEnded(
                    RunEnding(result: .failure(error), failedTasks: 0))
                throw error
            }
        }
        return RunWatchers(features: watching, origin: start.origin)
    }
}
