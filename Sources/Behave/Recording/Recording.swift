/// What a flight recorder kept of one run: enough to run it again exactly, on the virtual clock,
/// with no module code (``BehaveHost/replay(_:behaviour:output:trusted:limits:cancellation:)``).
///
/// It is written and read as JSON lines (`behave run --record FILE`): a header line, one line per
/// ``RecordedEntry``, and a last line with the ``outcome``. docs/recording.md has the format.
public struct Recording: Sendable, Equatable {
    /// The format's version, the header's `behave_recording` field.
    public static let version = 1

    /// The copy that ran: its name, format, SHA-256 and (when it was small enough) its text.
    public var behaviour: RecordedBehaviour
    /// The app's `context` as the run saw it.
    public var context: [String: PlainValue]
    /// The run's limits.
    public var limits: Limits
    /// Whether the run was trusted (the stock interpreter's library) rather than sandboxed.
    public var isTrusted: Bool
    /// The script's arguments (`...` and `arg`).
    public var arguments: [String]
    /// The two numbers `math.random` was seeded with.
    public var seed: [Int64]
    /// The modules the run had, each action with its parameters' labels and whether it is async:
    /// what a replay stands in for.
    public var modules: [RecordedModule]
    /// What the run consumed, in order; a ``RecordedEntry/gap(entries:bytes:)`` where the byte cap cut.
    public var entries: [RecordedEntry]
    /// How the run ended: nil when the recording was cut before its end was written.
    public var outcome: RecordedOutcome?

    /// A recording with no entries yet.
    public init(
        behaviour: RecordedBehaviour, context: [String: PlainValue] = [:], limits: Limits = Limits(),
        isTrusted: Bool = false, arguments: [String] = [], seed: [Int64] = [], modules: [RecordedModule] = [],
        entries: [RecordedEntry] = [], outcome: RecordedOutcome? = nil
    ) {
        self.behaviour = behaviour
        self.context = context
        self.limits = limits
        self.isTrusted = isTrusted
        self.arguments = arguments
        self.seed = seed
        self.modules = modules
        self.entries = entries
        self.outcome = outcome
    }

    /// How many entries the byte cap cut, in all.
    public var droppedEntries: Int {
        entries.reduce(0) { total, entry in
            if case .gap(let count, _) = entry { total + count } else { total }
        }
    }

    /// The events the recording holds, with when each was delivered.
    public var events: [(at: Double, event: TimedEvent)] {
        entries.flatMap { entry -> [(at: Double, event: TimedEvent)] in
            if case .deliver(let at, let events) = entry { events.map { (at, $0) } } else { [] }
        }
    }
}

/// The copy a recording ran.
public struct RecordedBehaviour: Sendable, Equatable {
    /// Its name, as errors show it.
    public var name: String
    /// Lua or a JSON action list.
    public var format: Behaviour.Format
    /// The SHA-256 of its bytes, 64 lowercase hexadecimal digits.
    public var digest: String
    /// Its text, kept when it is at most ``RecordedBehaviour/sourceLimit`` bytes of UTF-8.
    public var source: String?

    /// The largest copy a recording carries; a larger one is named by its digest alone and given
    /// to a replay with `--behaviour`.
    public static let sourceLimit = 256 * 1024

    /// The record of `behaviour`.
    public init(_ behaviour: Behaviour) {
        name = behaviour.name
        format = behaviour.format
        digest = SHA256.hex(behaviour.bytes)
        source =
            behaviour.bytes.count <= Self.sourceLimit ? String(validating: behaviour.bytes, as: UTF8.self) : nil
    }

    /// A record made of its parts (a recording read back).
    public init(name: String, format: Behaviour.Format, digest: String, source: String?) {
        self.name = name
        self.format = format
        self.digest = digest
        self.source = source
    }
}

/// A module a recorded run had.
public struct RecordedModule: Sendable, Equatable {
    /// Its name.
    public var name: String
    /// The other names an action list may call it by.
    public var aliases: [String]
    /// Its actions.
    public var actions: [RecordedAction]

    /// A module named `name`.
    public init(_ name: String, aliases: [String] = [], actions: [RecordedAction]) {
        self.name = name
        self.aliases = aliases
        self.actions = actions
    }

    /// The record of each of `registry`'s modules.
    static func catalog(of registry: ModuleRegistry) -> [RecordedModule] {
        registry.modules.map { module in
            RecordedModule(
                module.name, aliases: module.aliases,
                actions: module.actions.map {
                    RecordedAction($0.name, labels: $0.parameters.map(\.label), isAsync: $0.isAsync)
                })
        }
    }
}

/// An action a recorded run could call.
public struct RecordedAction: Sendable, Equatable {
    /// Its name in its module.
    public var name: String
    /// Its parameters' labels (nil for none), which an action list's selectors name.
    public var labels: [String?]
    /// Whether it suspends its task.
    public var isAsync: Bool

    /// An action named `name`.
    public init(_ name: String, labels: [String?] = [], isAsync: Bool) {
        self.name = name
        self.labels = labels
        self.isAsync = isAsync
    }
}

/// How a recorded run ended, as the tool reports it.
public struct RecordedOutcome: Sendable, Equatable {
    /// The ways a run ends.
    public enum Kind: String, Sendable {
        /// It ran to the end.
        case completed
        /// It called `stop`.
        case stopped
        /// It raised an error it did not catch.
        case failed
        /// A limit stopped it, or it was cancelled.
        case terminated
    }

    /// How it ended.
    public var kind: Kind
    /// The error, or `stop`'s reason.
    public var message: String?
    /// Handlers and timers that failed while it went on.
    public var failedTasks: Int
    /// Tasks left waiting for an event that could no longer arrive.
    public var waiting: Int

    /// An outcome.
    public init(_ kind: Kind, message: String? = nil, failedTasks: Int = 0, waiting: Int = 0) {
        self.kind = kind
        self.message = message
        self.failedTasks = failedTasks
        self.waiting = waiting
    }

    /// The outcome of a run that finished.
    init(_ finish: Finish, failedTasks: Int) {
        switch finish {
        case .completed(let waiting): self.init(.completed, failedTasks: failedTasks, waiting: waiting)
        case .stopped(let reason): self.init(.stopped, message: reason, failedTasks: failedTasks)
        // The app ended it, as a stop() would have: the recording holds what ran until then.
        case .handedOver: self.init(.stopped, message: "handed over", failedTasks: failedTasks)
        }
    }

    /// The outcome of a run that threw `error`.
    init(_ error: BehaveError, failedTasks: Int) {
        switch error {
        case .terminated(let lua): self.init(.terminated, message: lua.message, failedTasks: failedTasks)
        default: self.init(.failed, message: error.description, failedTasks: failedTasks)
        }
    }
}
