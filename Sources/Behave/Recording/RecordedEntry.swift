/// One thing a recorded run consumed, in the order the host met it: what the scheduler handed the
/// runtime (a step, a batch of events, an async action's answer), what each action call was asked
/// and answered, and what actions wrote. Everything else a behaviour does follows from these, so
/// a replay that hands the runtime the same entries in the same order ends the same way.
public enum RecordedEntry: Sendable, Equatable {
    /// The runtime ran its ready tasks and due timers at `at` seconds after the start.
    case step(at: Double)
    /// The runtime was handed `events`, each followed by a step, at `at`.
    case deliver(at: Double, events: [TimedEvent])
    /// The behaviour called `action` (`Module.name`) with `arguments`; an async action's call is
    /// answered later by a ``resolved(id:at:values:)`` or ``rejected(id:at:message:)`` for `async`.
    /// A run's recorder keeps a call's arguments only while something else watches the run: they
    /// follow from the rest, so nil until ``BehaveHost/completing(_:trusted:)`` fills them in.
    case call(action: String, arguments: [PlainValue]?, async: Int?)
    /// The synchronous call before it returned `values`.
    case returned([PlainValue])
    /// The synchronous call before it threw `message`, in the form the script saw it.
    case threw(message: String, form: ErrorForm)
    /// Async action `id` answered `values`, handed to its task at `at`.
    case resolved(id: Int, at: Double, values: [PlainValue])
    /// Async action `id` failed with `message` (in `form`), handed to its task at `at`.
    case rejected(id: Int, at: Double, message: String, form: ErrorForm)
    /// An action wrote `text` to the behaviour's output.
    case output(String)
    /// The behaviour read the system's `clock`, which said `value` (an integer for ``Clock/time``,
    /// a float for ``Clock/processor``).
    case reading(Clock, PlainValue)
    /// The byte cap cut `entries` entries (about `bytes` bytes of text) here.
    case gap(entries: Int, bytes: Int)

    /// A clock a behaviour reads.
    public enum Clock: String, Sendable {
        /// The time of day, in whole seconds: `os.time()`, and `os.date()` without a time.
        case time
        /// The processor time the process has used, in seconds: `os.clock()`.
        case processor = "clock"
    }

    /// How a script saw an action's error.
    public enum ErrorForm: String, Sendable {
        /// A string, with the caller's `file:line:` before it (a script error, a bad argument).
        case positioned = "string"
        /// A string as it is.
        case bare
        /// A Swift error: a value whose `tostring` is the message.
        case swift
    }

    /// About how many bytes the entry's JSON line takes: what it costs the recorder's byte cap.
    var estimatedBytes: Int {
        switch self {
        case .step: 24
        case .deliver(_, let events):
            events.reduce(24) { $0 + $1.name.utf8.count + $1.data.estimatedBytes + 8 }
        case .call(let action, let arguments, _):
            (arguments ?? []).reduce(32 + action.utf8.count) { $0 + $1.estimatedBytes + 1 }
        case .returned(let values), .resolved(_, _, let values): values.reduce(40) { $0 + $1.estimatedBytes + 1 }
        case .threw(let message, _), .rejected(_, _, let message, _), .output(let message): 40 + message.utf8.count
        case .reading, .gap: 40
        }
    }

    /// What a call of `name` and its answer count against the byte cap before their values: what
    /// the journal adds for each (journal.c adds each value's ``PlainValue/estimatedBytes`` + 1).
    static func journalCost(of name: String) -> Int32 {
        Int32(RecordedEntry.call(action: name, arguments: nil, async: nil).estimatedBytes + returned([]).estimatedBytes)
    }

    /// Whether it is a call recorded without its arguments.
    public var lacksArguments: Bool {
        if case .call(_, nil, _) = self { true } else { false }
    }

    /// Whether a replay takes it as it passes, not in the order of the calls and steps: what an
    /// action wrote, and a clock reading (answered in the order of its clock's readings).
    var isPassive: Bool {
        switch self {
        case .output, .reading: true
        default: false
        }
    }

    /// When the entry happened, for the entries that say (seconds after the start).
    var time: Double? {
        switch self {
        case .step(let at), .deliver(let at, _), .resolved(_, let at, _), .rejected(_, let at, _, _): at
        default: nil
        }
    }
}
