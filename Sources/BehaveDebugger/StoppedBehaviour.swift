import Behave
import CBehaveTools

/// A stopped run as a debugger reads it: its tasks, their frames, variables and fields, and
/// evaluations in a frame's sight. Valid only inside ``BehaveDebugger/read(_:)``'s body, on the
/// state's thread; every read is protected, so none can end the run.
public struct StoppedBehaviour {
    let state: OpaquePointer
    /// The stop being read.
    public let stop: DebugStop

    /// The run's tasks that have not ended.
    public func tasks() -> [DebugTask] {
        rows { behave_debug_tasks(state, &$0) }.compactMap { fields in
            guard fields.count >= 3, let id = Int(fields[0]) else { return nil }
            let state = id == stop.task || fields[2] == "current" ? "stopped" : fields[2]
            if state == "failed" { return nil }
            return DebugTask(
                id: id, name: fields[1], state: state,
                waitingIn: fields.count > 3 && !fields[3].isEmpty ? fields[3] : nil)
        }.sorted { $0.id < $1.id }
    }

    /// The frames of task `task` (0: the one stopped), innermost first.
    public func frames(of task: Int) -> [DebugFrame] {
        rows { behave_debug_frames(state, Int32(clamping: target(task)), &$0) }.compactMap { fields in
            guard fields.count >= 4, let level = Int(fields[0]) else { return nil }
            let source = fields[1]
            let line = Int(fields[2]).flatMap { $0 > 0 ? $0 : nil }
            return DebugFrame(
                level: level, path: source.hasPrefix("@") ? LexicalPath.absolute(String(source.dropFirst())) : nil,
                line: line, name: fields[3])
        }
    }

    /// The locals (or, with `upvalues`, the upvalues) of frame `level` of task `task`.
    public func variables(of task: Int, level: Int, upvalues: Bool = false) -> [DebugValue] {
        values {
            behave_debug_scope(state, Int32(clamping: target(task)), Int32(clamping: level), upvalues ? 1 : 0, &$0)
        }
    }

    /// The fields of table `reference`: both kinds, or only named ones or array items; from
    /// `start`, at most `count` (and never more than a thousand).
    public func children(of reference: Int, named: Bool = true, indexed: Bool = true, start: Int = 0, count: Int = 0)
        -> [DebugValue]
    {
        let filter: Int32 = named && indexed ? 0 : named ? 1 : 2
        return values {
            behave_debug_children(
                state, Int32(clamping: reference), filter, Int32(clamping: start), Int32(clamping: count), &$0)
        }
    }

    /// `code` in the sight of frame `level` of task `task`: with `running`, run as the debug
    /// console runs it (an expression or statements, side effects and all); without, only a name
    /// and its fields, read. The results, or the error.
    public func evaluate(_ code: String, task: Int = 0, level: Int = 0, running: Bool) -> Result<
        [DebugValue], DebugError
    > {
        var text = behave_debug_text()
        defer { behave_debug_text_free(&text) }
        let ok = code.utf8CString.withUnsafeBufferPointer {
            behave_debug_evaluate(
                state, Int32(clamping: target(task)), Int32(clamping: level), $0.baseAddress, $0.count - 1,
                running ? 1 : 0, &text)
        }
        let output = text.bytes.map { String(cString: $0) } ?? ""
        guard ok != 0 else {
            return .failure(DebugError(output.hasPrefix("error\t") ? String(output.dropFirst(6)) : "cannot evaluate"))
        }
        return .success(Self.fields(of: output).compactMap(Self.value))
    }

    /// Task 0 is the task stopped (or the behaviour's own coroutine that stopped, which is no task).
    private func target(_ task: Int) -> Int { task == 0 ? stop.task : task }

    /// The rows a read wrote (inspect.c), each split into its fields; none when it failed.
    private func rows(_ read: (inout behave_debug_text) -> Int32) -> [[String]] {
        var text = behave_debug_text()
        defer { behave_debug_text_free(&text) }
        guard read(&text) != 0, let bytes = text.bytes else { return [] }
        return Self.fields(of: String(cString: bytes))
    }

    private func values(_ read: (inout behave_debug_text) -> Int32) -> [DebugValue] {
        rows(read).compactMap(Self.value)
    }

    private static func fields(of text: String) -> [[String]] {
        text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    /// A variable's row: name, type, value, table number, named and indexed fields.
    private static func value(_ f: [String]) -> DebugValue? {
        guard f.count >= 6 else { return nil }
        return DebugValue(
            name: f[0], type: f[1], value: f[2], reference: Int(f[3]) ?? 0, named: Int(f[4]) ?? 0,
            indexed: Int(f[5]) ?? 0)
    }
}

/// Why a debugger could not do what it was asked: one line.
public struct DebugError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line.
    public let description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
