import Behave
import BehaveLua
import CBehaveTools

/// What debugger.c calls, on the run's thread: C, so that it can be a function pointer.
let debugCallback: behave_debug_callback = { context, state, event, value, text in
    guard let context, let state else { return }
    let debugger = Unmanaged<BehaveDebugger>.fromOpaque(context).takeUnretainedValue()
    let text = text.map { String(cString: $0) }
    switch Int(event) {
    case BEHAVE_DEBUG_LINE: debugger.line(Int(value), source: text ?? "", on: state)
    case BEHAVE_DEBUG_ERROR: debugger.failed(task: Int(value), message: text ?? "error", on: state)
    case BEHAVE_DEBUG_LIMIT: debugger.limit(Int32(value), on: state)
    case BEHAVE_DEBUG_TASK: debugger.onEvent(.taskStarted(Int(value), text ?? "task"))
    default: break
    }
}

extension BehaveDebugger {
    /// Installs the hook on a host's new state.
    func install(on lua: LuaState) {
        _ = behave_install_debugger(lua.control.pointer, lua.pointer, handle)
    }

    /// A marked line, or any line while a step or a pause is asked for.
    func line(_ line: Int, source: String, on state: OpaquePointer) {
        let path = self.path(of: source)
        let (step, breakpoint) = condition.withLock { () -> (DebugStopReason?, DebugBreakpoint?) in
            if detached { return (nil, nil) }
            if pauseAsked { return (.pause, nil) }
            if let stepping, stepReached(stepping, on: state) { return (.step, nil) }
            return (nil, path.flatMap { breakpoints[$0]?[line]?.breakpoint })
        }
        if let step { return stop(DebugStop(reason: step, task: currentTask(state), text: nil), on: state) }
        guard let breakpoint, let path else { return }
        if let condition = breakpoint.condition, !condition.trimmingWhitespace().isEmpty {
            let stopped = StoppedBehaviour(state: state, stop: DebugStop(reason: .breakpoint, task: 0, text: nil))
            guard case .success(let values) = stopped.evaluate(condition, running: true),
                let first = values.first, first.type != "nil", first.value != "false"
            else { return }
        }
        let hit = condition.withLock { () -> Int in
            breakpoints[path]?[line]?.hits += 1
            return breakpoints[path]?[line]?.hits ?? 0
        }
        guard breakpoint.admits(hits: hit) else { return }
        if let message = breakpoint.logMessage {
            _ = StandardOutput.flush()  // what the run printed comes before the message
            onEvent(.log(interpolate(message, on: state) + "\n"))
            return
        }
        stop(DebugStop(reason: .breakpoint, task: currentTask(state), text: nil), on: state)
    }

    func failed(task: Int, message: String, on state: OpaquePointer) {
        guard condition.withLock({ stopsOnErrors && !detached }) else { return }
        stop(DebugStop(reason: .exception, task: task, text: message), on: state)
    }

    func limit(_ reason: Int32, on state: OpaquePointer) {
        guard !condition.withLock({ detached }) else { return }
        let name = LuaLimit(reason: reason).map { "the \($0) limit" } ?? "a limit"
        stop(
            DebugStop(reason: .exception, task: currentTask(state), text: "\(name) is about to stop the run"), on: state
        )
    }

    /// Waits on the run's thread until told to go on, doing the reads handed to it meanwhile.
    func stop(_ stop: DebugStop, on state: OpaquePointer) {
        behave_debug_hold(handle, state)
        condition.withLock {
            pauseAsked = false
            stepping = nil
            resumeWith = nil
            stoppedState = StoppedBehaviour(state: state, stop: stop)
        }
        _ = StandardOutput.flush()  // what the run printed comes before the stop
        onEvent(.stopped(stop))
        condition.lock()
        while resumeWith == nil {
            if work.isEmpty {
                condition.wait()
                continue
            }
            let next = work.removeFirst()
            condition.unlock()
            next()
            condition.lock()
        }
        let how = resumeWith ?? .proceed
        stoppedState = nil
        work.removeAll()  // a read that came too late: its caller has been told the run went on
        if how != .proceed, !detached { stepping = (how, state, Int(behave_debug_depth(state))) }
        remark()
        condition.broadcast()
        condition.unlock()
        behave_debug_forget(state)
        let held = behave_debug_release(handle, state)
        condition.withLock { pausedSeconds += Double(held) / 1e9 }
    }

    /// Whether the line the run is at ends the step. Under `condition`.
    private func stepReached(_ step: (how: DebugResume, state: OpaquePointer, depth: Int), on state: OpaquePointer)
        -> Bool
    {
        guard state == step.state else { return false }
        let depth = Int(behave_debug_depth(state))
        switch step.how {
        case .stepIn: return true
        case .next: return depth <= step.depth
        case .stepOut: return depth < step.depth
        case .proceed: return false
        }
    }

    /// The task running on `state`, 0 for a coroutine of the behaviour's own.
    private func currentTask(_ state: OpaquePointer) -> Int {
        let probe = StoppedBehaviour(state: state, stop: DebugStop(reason: .pause, task: -1, text: nil))
        return probe.tasks().first { $0.state == "stopped" }?.id ?? 0
    }

    /// A log message with each `{expression}` replaced by its value.
    private func interpolate(_ message: String, on state: OpaquePointer) -> String {
        let stopped = StoppedBehaviour(state: state, stop: DebugStop(reason: .breakpoint, task: 0, text: nil))
        var out = ""
        var expression: String?
        for character in message {
            if character == "{", expression == nil {
                expression = ""
            } else if character == "}", let code = expression {
                switch stopped.evaluate(code, running: true) {
                case .success(let values): out += values.map(Self.plain).joined(separator: ", ")
                case .failure(let error): out += "{\(error)}"
                }
                expression = nil
            } else if expression != nil {
                expression!.append(character)
            } else {
                out.append(character)
            }
        }
        return out + (expression.map { "{" + $0 } ?? "")
    }

    /// A value as a message shows it: a string without its quotes.
    private static func plain(_ value: DebugValue) -> String {
        guard value.type == "string", value.value.hasPrefix("\""), value.value.hasSuffix("\"") else {
            return value.value
        }
        return String(value.value.dropFirst().dropLast())
    }

    /// The file a chunk was loaded from, normalized as breakpoints' paths are; nil for a chunk
    /// that is no file.
    private func path(of source: String) -> String? {
        if let known = sourcePaths[source] { return known }
        guard source.hasPrefix("@") else { return nil }
        let path = LexicalPath.absolute(String(source.dropFirst()))
        sourcePaths[source] = path
        return path
    }
}
