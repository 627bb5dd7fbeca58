import BehaveLua

/// The features that watch one run (``HostFeature/runBegins(_:)``): what the scheduler tells of
/// each step, delivery and answer. Empty, the common case, each moment costs a test of a count.
struct RunWatchers {
    let features: [any HostFeature]
    /// When the run began, on the host's clock.
    let origin: Double

    static let none = RunWatchers(features: [], origin: 0)

    var isEmpty: Bool { features.isEmpty }

    func stepTaken(at time: Double) {
        for feature in features { feature.stepTaken(at: time) }
    }

    func eventsDelivered(_ events: [TimedEvent], at time: Double) {
        for feature in features { feature.eventsDelivered(events, at: time) }
    }

    func actionResolved(id: Int, at time: Double, stack: LuaStack, first: Int32, count: Int32) {
        for feature in features { feature.actionResolved(id: id, at: time, stack: stack, first: first, count: count) }
    }

    func actionRejected(id: Int, at time: Double, error: any Error) {
        for feature in features { feature.actionRejected(id: id, at: time, error: error) }
    }

    func taskFailed(_ error: LuaError) {
        for feature in features { feature.taskFailed(error) }
    }

    func runEnded(_ ending: RunEnding) {
        for feature in features { feature.runEnded(ending) }
    }
}
