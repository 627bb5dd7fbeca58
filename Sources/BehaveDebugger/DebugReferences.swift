import Behave

/// The numbers a stop gives out for what a client may expand: a frame's scopes, a table, a
/// task's state. They last until the run goes on, as the protocol has them.
struct DebugReferences {
    enum Target: Hashable {
        case locals(task: Int, level: Int)
        case upvalues(task: Int, level: Int)
        case table(Int)
        case task(Int)
    }

    private var targets: [Target] = []
    private var numbers: [Target: Int] = [:]

    /// The number for `target` (from 1; the same target keeps its number).
    mutating func number(for target: Target) -> Int {
        if let known = numbers[target] { return known }
        targets.append(target)
        numbers[target] = targets.count
        return targets.count
    }

    func target(_ number: Int) -> Target? { number >= 1 && number <= targets.count ? targets[number - 1] : nil }
}

/// Thread and frame ids: a task's id is its thread's, and a frame's id holds its thread and level.
enum DebugIDs {
    /// The thread of a coroutine the behaviour made itself, which is no task.
    static let ownCoroutine = 999_999

    static func thread(ofTask task: Int) -> Int { task == 0 ? ownCoroutine : task }
    static func task(ofThread thread: Int) -> Int { thread == ownCoroutine ? 0 : thread }
    static func frame(task: Int, level: Int) -> Int { thread(ofTask: task) * 1000 + level }
    static func taskAndLevel(ofFrame frame: Int) -> (task: Int, level: Int) {
        (task(ofThread: frame / 1000), frame % 1000)
    }
}
