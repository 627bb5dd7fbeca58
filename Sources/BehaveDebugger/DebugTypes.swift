import Behave

/// A line a debugger stops at, as an editor sets it: with a condition (Lua, true to stop), a hit
/// condition (`3`, `>= 3`, `% 2`) and a log message (`{expression}`s in it are shown, and the run
/// does not stop).
public struct DebugBreakpoint: Sendable, Equatable {
    /// The line, from 1.
    public var line: Int
    /// Stops only when this expression is neither nil nor false.
    public var condition: String?
    /// Stops only on the hits this names: `N` or `== N` (the Nth), `>= N`, `> N`, `% N` (every Nth).
    public var hitCondition: String?
    /// Writes this message instead of stopping.
    public var logMessage: String?

    /// A breakpoint at `line`.
    public init(line: Int, condition: String? = nil, hitCondition: String? = nil, logMessage: String? = nil) {
        self.line = line
        self.condition = condition
        self.hitCondition = hitCondition
        self.logMessage = logMessage
    }

    /// Whether the `hits`th hit is one the hit condition names.
    func admits(hits: Int) -> Bool {
        guard let text = hitCondition?.trimmingWhitespace(), !text.isEmpty else { return true }
        let tests: [(String, (Int) -> Bool)] = [
            (">=", { hits >= $0 }), ("==", { hits == $0 }), (">", { hits > $0 }), ("%", { $0 > 0 && hits % $0 == 0 }),
        ]
        for (op, test) in tests where text.hasPrefix(op) {
            if let n = Int(String(text.dropFirst(op.count)).trimmingWhitespace()) { return test(n) }
        }
        return Int(text).map { hits == $0 } ?? true
    }
}

/// Why a debugged run stopped.
public enum DebugStopReason: String, Sendable {
    /// At a breakpoint.
    case breakpoint
    /// After a step.
    case step
    /// Where a pause was asked for.
    case pause
    /// At an error nothing caught, or at a limit about to fire.
    case exception
}

/// A stop: why, in which task, and (for an exception) what happened.
public struct DebugStop: Sendable, Equatable {
    /// Why it stopped.
    public var reason: DebugStopReason
    /// The task that stopped (``DebugTask/id``); 0 for a coroutine the behaviour made itself.
    public var task: Int
    /// The error, or the limit about to fire.
    public var text: String?
}

/// How a stopped run goes on.
public enum DebugResume: Sendable, Equatable {
    /// Until the next breakpoint.
    case proceed
    /// To the next line of the same function or one it returns to (over calls and waits).
    case next
    /// To the next line run by the task, in a function it calls or not.
    case stepIn
    /// To the next line of the function the current one returns to.
    case stepOut
}

/// A task of a stopped run: the main chunk, a handler, a timer's function.
public struct DebugTask: Sendable, Equatable {
    /// Its number, which no other task of the run has.
    public var id: Int
    /// What started it: `main`, `on vote`, `after 5s`, `every 1s`.
    public var name: String
    /// `stopped` (the task the run stopped in), `running`, `ready`, `waiting` or `failed`.
    public var state: String
    /// What a waiting task waits in, and where: `wait at keynote.lua:12`.
    public var waitingIn: String?
}

/// A frame of a task's stack.
public struct DebugFrame: Sendable, Equatable {
    /// 0 for the innermost.
    public var level: Int
    /// The chunk's file, absolute, or nil for a builtin function.
    public var path: String?
    /// The line running, or nil where there is none (a builtin function).
    public var line: Int?
    /// The function's name as its caller knows it.
    public var name: String
}

/// A variable, a field or an evaluation's result.
public struct DebugValue: Sendable, Equatable {
    /// The local's or field's name (`[1]` for an index).
    public var name: String
    /// Its Lua type.
    public var type: String
    /// How it shows: a string quoted and cut, a table by its address.
    public var value: String
    /// For a table, the number ``StoppedBehaviour/children(of:named:indexed:start:count:)`` takes; else 0.
    public var reference: Int
    /// How many named fields and array items a table has.
    public var named: Int, indexed: Int

    /// A value shown as `value`, with no fields unless `reference` names a table.
    public init(name: String, type: String, value: String, reference: Int = 0, named: Int = 0, indexed: Int = 0) {
        (self.name, self.type, self.value, self.reference, self.named, self.indexed) =
            (name, type, value, reference, named, indexed)
    }
}
