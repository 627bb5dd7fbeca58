import BehaveLua
import CBehave
import CBehaveLua

/// What the host's closures (module actions) and the runtime's trace hook report to
/// ``BehaveHost/observer``. Shared by a host and every state it makes; nothing is read from
/// the stack unless an observer is set.
@usableFromInline
final class Tracer: @unchecked Sendable {
    /// The observer of the run under way: set when it starts, read on the host's thread only.
    private(set) var observer: (@Sendable (TraceEvent) -> Void)?
    /// The observer the app sets, from any thread; a run takes it when it starts.
    private var configuredObserver: (@Sendable (TraceEvent) -> Void)?
    private let lock = Lock()
    /// The run's start on the host's clock.
    private(set) var origin = 0.0
    let clock: any BehaveClock
    /// Who hears what behaviours emit.
    let emitted = EmittedEventStreams()
    /// The first event of the run that reached no handler or waiter, with when it arrived.
    private(set) var firstUnhandled: String?
    /// The flight recorder of the run under way, if it records.
    private(set) var recorder: FlightRecorder?
    /// Whether actions must report their calls (an observer or a recorder): the one flag their
    /// fast path reads.
    // Read on every action call, and only ever on the host's thread: no exclusivity check.
    @exclusivity(unchecked) private(set) var isWatching = false
    /// Where an action's plain results go when the recorder is the only one watching: C copies
    /// them there, as copying them into Swift values costs more than the call.
    @usableFromInline @exclusivity(unchecked) private(set) var journal: UnsafeMutablePointer<behave_journal>?
    /// The numbers journal records name actions by, and their names by number.
    private var actionNumbers: [String: Int32] = [:]
    private var actionNames: [String] = []

    init(clock: any BehaveClock) { self.clock = clock }

    /// The observer the app set (``BehaveHost/observer``).
    var appObserver: (@Sendable (TraceEvent) -> Void)? {
        get { lock.withLock { configuredObserver } }
        set { lock.withLock { configuredObserver = newValue } }
    }

    /// A run (or a session's input) starts at `origin`: it takes the app's observer, and records
    /// nothing until a recorder joins it (``record(into:)``).
    func begin(at origin: Double) {
        self.origin = origin
        observer = appObserver
        firstUnhandled = nil
        record(into: nil)
    }

    /// The run's action calls are recorded into `recorder` from now on; nil, no longer.
    func record(into recorder: FlightRecorder?) {
        self.recorder = recorder
        isWatching = observer != nil || recorder != nil
        journal = observer == nil ? recorder?.journal : nil
        recorder?.actionNames = actionNames
    }

    func report(_ kind: TraceEvent.Kind) {
        observer?(TraceEvent(time: clock.now - origin, kind: kind))
    }

    /// The behaviour emitted `name` with `payload`: copied for the app's listeners.
    func forwardEmitted(name: String, payload: LuaValue) {
        let budget = CopyBudget(values: EmittedEvent.maximumValues, bytes: EmittedEvent.maximumBytes)
        let copied = PlainValue.copy(payload, depth: 0, budget: budget)
        emitted.yield(
            EmittedEvent(name: name, payload: copied, time: clock.now - origin, isTruncated: budget.truncated))
    }

    /// The event `name` arrived and nothing wanted it.
    func unhandled(_ name: String) {
        if firstUnhandled == nil { firstUnhandled = "'\(name)' at \(TraceEvent.number(clock.now - origin))s" }
        report(.unhandled(name: name))
    }

    /// Runs an action's `body` on `stack`, reporting its arguments and its results or its error.
    func call(
        _ module: String, _ action: String, named name: String, on stack: LuaStack, _ body: (LuaStack) throws -> Int32
    ) throws -> Int32 {
        recorder?.append(.call(action: name, arguments: Self.plain(stack, from: 1, count: stack.count), async: nil))
        guard observer != nil else { return try recorded(name, stack, body) }
        let arguments = Self.values(stack, from: 1, count: stack.count)
        let started = Self.seconds()
        do {
            let count = try recorded(name, stack, body)
            returned(module, action, arguments: arguments, stack: stack, count: count, since: started)
            return count
        } catch {
            failed(module, action, arguments: arguments, error: error, since: started)
            throw error
        }
    }

    /// Runs `body`, recording what it returned or threw.
    private func recorded(_ name: String, _ stack: LuaStack, _ body: (LuaStack) throws -> Int32) throws -> Int32 {
        guard let recorder else { return try body(stack) }
        do {
            let count = try body(stack)
            recorder.append(.returned(Self.plain(stack, from: stack.count - count + 1, count: count)))
            return count
        } catch {
            recordThrow(error, by: name)
            throw error
        }
    }

    /// The number journal records name action `name` (`Module.action`) by.
    func number(ofAction name: String) -> Int32 {
        if let number = actionNumbers[name] { return number }
        let number = Int32(actionNames.count)
        actionNames.append(name)
        actionNumbers[name] = number
        return number
    }

    /// Records that action `name` threw `error`, in a run only the recorder watches (which keeps
    /// no arguments).
    func journalThrew(_ error: any Error, by name: String) {
        guard !(error is LuaTermination) else { return }
        recorder?.append(.call(action: name, arguments: nil, async: nil))
        recordThrow(error, by: name)
    }

    /// An async action `module.action` is about to start as `id`, with the arguments on `stack`.
    func recordStart(_ name: String, id: Int, on stack: LuaStack) {
        recorder?.append(.call(action: name, arguments: Self.plain(stack, from: 1, count: stack.count), async: id))
    }

    /// An async action's start threw `error` before it became work.
    func recordThrow(_ error: any Error, by name: String) {
        guard !(error is LuaTermination) else { return }
        let (message, form) = Self.seen(error, by: name)
        recorder?.append(.threw(message: message, form: form))
    }

    /// What a script sees of an error action `name` threw, as the bridge raises it.
    static func seen(_ error: any Error, by name: String) -> (String, RecordedEntry.ErrorForm) {
        switch error {
        case let argument as LuaArgumentError:
            ("bad argument #\(argument.position) to '\(name)' (\(argument.reason))", .positioned)
        case let script as LuaScriptError: (script.message, script.withPosition ? .positioned : .bare)
        case let lua as LuaError: (lua.message, .bare)
        default: (String(describing: error), .swift)
        }
    }

    /// The most values and bytes one recorded value copies out of the state.
    static let recordedValues = 10_000
    static let recordedBytes = 1 << 20

    /// The `count` values of `stack` from `first` on, as plain data for the recorder. Scalars are
    /// read directly, as every action call pays for them; tables are copied within a budget.
    static func plain(_ stack: LuaStack, from first: Int32, count: Int32) -> [PlainValue] {
        guard count > 0 else { return [] }
        var values: [PlainValue] = []
        values.reserveCapacity(Int(min(count, 256)))
        // One budget for the whole entry: no count or size of values makes the copy exceed it.
        let budget = CopyBudget(values: recordedValues, bytes: recordedBytes)
        for index in first..<(first + count) {
            guard budget.values > 0 else {
                values.append(budget.cut())
                break
            }
            budget.values -= 1
            switch stack.type(at: index) {
            case LUA_TNIL: values.append(.null)
            case LUA_TBOOLEAN: values.append(.bool(stack.boolean(at: index)))
            case LUA_TNUMBER:
                values.append(
                    stack.isInteger(at: index) ? .integer(stack.integer(at: index)) : .number(stack.number(at: index)))
            case LUA_TSTRING:
                let length = stack.rawLength(at: index)
                guard length <= budget.bytes else {
                    values.append(budget.cut())
                    continue
                }
                budget.bytes -= length
                values.append(.string((try? String.read(from: stack, at: index)) ?? ""))
            default:
                // Reading a table pushes it: room first.
                guard stack.reserve(2) else {
                    values.append(budget.cut())
                    continue
                }
                values.append(PlainValue.copy(stack.value(at: index), depth: 0, budget: budget))
            }
        }
        return values
    }

    /// An async action's `work`, reporting its results when they reach the task (on the host's
    /// thread), or its error where it fails.
    func work(_ work: ActionWork, _ module: String, _ action: String, arguments: [String]) -> ActionWork {
        // Work that never starts has nothing to report, and must stay work that never starts.
        guard !work.isAnsweredByDriver else { return work }
        let started = Self.seconds()
        return ActionWork {
            do {
                let result = try await work.run()
                return ActionResult { stack in
                    let count = result.push(stack)
                    self.returned(module, action, arguments: arguments, stack: stack, count: count, since: started)
                    return count
                }
            } catch {
                self.failed(module, action, arguments: arguments, error: error, since: started)
                throw error
            }
        }
    }

    private func returned(
        _ module: String, _ action: String, arguments: [String], stack: LuaStack, count: Int32, since started: Double
    ) {
        let results = Self.values(stack, from: stack.count - count + 1, count: count)
        report(
            .action(
                module: module, action: action, arguments: arguments, results: results, error: nil,
                duration: Self.seconds() - started))
    }

    private func failed(
        _ module: String, _ action: String, arguments: [String], error: any Error, since started: Double
    ) {
        report(
            .action(
                module: module, action: action, arguments: arguments, results: [], error: "\(error)",
                duration: Self.seconds() - started))
    }

    /// Real time for an action's duration.
    static func seconds() -> Double { Double(behave_now_ns()) / 1e9 }

    /// The `count` values of `stack` from `first` on, as JSON text (``TracePayload``).
    static func values(_ stack: LuaStack, from first: Int32, count: Int32) -> [String] {
        guard count > 0 else { return [] }
        return (first..<(first + count)).map { json(stack, at: $0) }
    }

    /// The value at `index` of `stack` as JSON text (``TracePayload``), read no further than it shows.
    static func json(_ stack: LuaStack, at index: Int32) -> String {
        TracePayload.json(stack.value(at: index, stringBytes: TracePayload.stringBytes + 1))
    }
}
