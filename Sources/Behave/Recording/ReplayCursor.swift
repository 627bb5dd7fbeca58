import BehaveLua

/// Where a replay is in its recording: the scheduler takes the entries it hands the runtime, the
/// stand-in actions take the calls, and whichever meets an entry it did not expect stops the
/// replay there (``divergence``).
final class ReplayCursor: @unchecked Sendable {
    private let entries: [RecordedEntry]
    private var index = 0
    private let output: OutputSink
    /// Seconds after the start of the last entry handed to the runtime.
    private(set) var time = 0.0
    /// Why the replay stopped before the recording's end, if it did.
    private(set) var divergence: ReplayDivergence?
    /// Whether the replay stopped at the byte cap's cut.
    private(set) var reachedCut = false
    /// Whether the replay reached the end of a run a limit stopped in the middle of a step.
    private(set) var reachedEnd = false
    private let outcome: RecordedOutcome?
    /// How many calls the recording has answered.
    private(set) var callsAnswered = 0
    /// Stops the replay at this call (counting from 0), to learn where the script makes it.
    var stopAtCall: Int?
    /// The arguments the script gave the calls recorded without theirs, by entry index.
    private(set) var filled: [Int: [PlainValue]] = [:]
    /// Each clock's readings up to the recording's cut, in order, and how many the script took.
    private var readings: [RecordedEntry.Clock: [PlainValue]] = [:]
    private var readingsTaken: [RecordedEntry.Clock: Int] = [:]
    private let isCut: Bool

    init(_ recording: Recording, output: OutputSink) {
        entries = recording.entries
        outcome = recording.outcome
        self.output = output
        let beforeCut = entries.prefix { if case .gap = $0 { false } else { true } }
        isCut = beforeCut.count < entries.count
        for entry in beforeCut {
            if case .reading(let clock, let value) = entry { readings[clock, default: []].append(value) }
        }
    }

    /// What the script's next reading of `clock` says: the recorded readings in their order, and
    /// past the last one the last again (a copy that reads the clock more often sees it stand
    /// still); nil when the recording has none. Past the last reading of a cut recording, the
    /// readings the run went on to make are in the part that was cut: the replay stops there, as
    /// it does at a call past the cut, rather than spin in a loop that waits for the clock.
    func reading(_ clock: RecordedEntry.Clock) throws -> PlainValue? {
        let recorded = readings[clock] ?? []
        let taken = readingsTaken[clock, default: 0]
        if taken < recorded.count {
            readingsTaken[clock] = taken + 1
            return recorded[taken]
        }
        if isCut {
            reachedCut = true
            throw ReplayStop()
        }
        return recorded.last
    }

    /// The next entry the scheduler hands the runtime, after writing the actions' output before
    /// it; nil at the recording's end or its gap. A call here is one the script no longer makes.
    func nextForRuntime() throws -> RecordedEntry? {
        let next = pastOutput(index)
        guard next < entries.count else {
            try write(upTo: next)
            return nil
        }
        let entry = entries[next]
        switch entry {
        case .call, .returned, .threw:
            // The output before a call is the call's own.
            throw stop(ReplayDivergence(at: time, script: nil, recorded: entry))
        case .gap:
            try write(upTo: next)
            reachedCut = true
            return nil
        default:
            try write(upTo: next)
            index += 1
            if let at = entry.time { time = at }
            return entry
        }
    }

    /// What the recording answered when the script called `action` with `arguments`: the values
    /// it returned, or the error it threw; stops the replay where the recording has something else.
    /// An async call gets the id its answer comes back with (`asyncID`).
    func answer(_ action: String, arguments: [PlainValue], async: Bool) throws -> (values: [PlainValue], asyncID: Int?)
    {
        let script = RecordedEntry.call(action: action, arguments: arguments, async: nil)
        // An action's output comes before its call's record (the recorder files it there), or
        // anywhere in a step from async work: it is written once the call is known to match.
        let call = pastOutput(index)
        if call >= entries.count, outcome?.kind == .terminated {
            try write(upTo: call)
            reachedEnd = true
            throw ReplayStop()
        }
        if call < entries.count, case .gap = entries[call] {
            try write(upTo: call)
            reachedCut = true
            throw ReplayStop()
        }
        let recorded = call < entries.count ? entries[call] : nil
        if stopAtCall == callsAnswered { throw stop(ReplayDivergence(at: time, script: script, recorded: recorded)) }
        guard case .call(let name, let recordedArguments, let id) = recorded, name == action,
            recordedArguments.map({ Self.same($0, arguments) }) ?? true, (id != nil) == async
        else { throw stop(ReplayDivergence(at: time, script: script, recorded: recorded)) }
        try write(upTo: call)
        if recordedArguments == nil { filled[index] = arguments }
        index += 1
        callsAnswered += 1
        try write(upTo: pastOutput(index))
        guard index < entries.count else {
            if let id { return ([], id) }
            throw stop(ReplayDivergence(at: time, script: script, recorded: nil))
        }
        switch entries[index] {
        case .returned(let values) where id == nil:
            index += 1
            return (values, nil)
        case .threw(let message, let form):
            index += 1
            throw form.error(message)
        default:
            if let id { return ([], id) }
            throw stop(ReplayDivergence(at: time, script: script, recorded: entries[index]))
        }
    }

    /// Whether two lists of arguments are the same, NaN being the same as NaN.
    static func same(_ a: [PlainValue], _ b: [PlainValue]) -> Bool {
        a == b || (a.count == b.count && a.map(\.jsonText) == b.map(\.jsonText))
    }

    /// How many entries the replay has not taken.
    var remainder: Int { entries.count - index }

    /// The first entry the replay has not taken, but an action's output (which may come after a
    /// run's end, from work still under way) or a clock reading: one the script no longer reached.
    var leftover: RecordedEntry? {
        entries[index...].first { !$0.isPassive }
    }

    private func write(_ text: String) throws { try output.write(text) }

    /// The first entry from `start` on that is not an action's output or a clock reading.
    private func pastOutput(_ start: Int) -> Int {
        var end = start
        while end < entries.count, entries[end].isPassive { end += 1 }
        return end
    }

    /// Writes the output entries from where the replay is up to `end`.
    private func write(upTo end: Int) throws {
        while index < end {
            if case .output(let text) = entries[index] { try write(text) }
            index += 1
        }
    }

    private func stop(_ divergence: ReplayDivergence) -> ReplayStop {
        var divergence = divergence
        divergence.call = callsAnswered
        if self.divergence == nil { self.divergence = divergence }
        return ReplayStop()
    }
}

/// Ends a replay's run where it diverged: a termination, so no `pcall` in the script catches it.
struct ReplayStop: Error {
    var termination: LuaTermination { LuaTermination(.duration) }

    /// Runs `body`, which reads the cursor for the script; a divergence or a cut becomes a
    /// termination, which no `pcall` catches.
    static func terminating<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let stop as ReplayStop { throw stop.termination }
    }
}

extension RecordedEntry.ErrorForm {
    /// The error that raises `message` in this form again.
    func error(_ message: String) -> any Error {
        switch self {
        case .positioned: LuaScriptError(message)
        case .bare: LuaScriptError(message, withPosition: false)
        case .swift: ReplayedError(description: message)
        }
    }
}

/// A Swift error an action threw in the recorded run, thrown again in its place.
struct ReplayedError: Error, CustomStringConvertible {
    var description: String
}
