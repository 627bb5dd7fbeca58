import Behave

/// The Debug Adapter Protocol's side of `behave debug`: reads requests from the connection,
/// answers each, and turns what the debugger reports into events.
///
/// Requests are read on a thread of their own; the run goes on in the command's task. Every
/// request gets a response, and a message that is no request gets an error response, so a
/// client never waits for an answer that does not come.
public final class DebugAdapter: @unchecked Sendable {
    let connection: DAPConnection
    /// The words `behave debug` was started with after its options (a program to attach to).
    let commandLine: [String]
    /// The debugger the run's host carries as a feature: it reports to this adapter.
    public private(set) var debugger: BehaveDebugger!
    let lock = Lock()
    // Under `lock`:
    var initialized = false
    var lastSequence = 0
    var launch: DebugLaunch?
    var configured = false
    var started = false
    var ended = false
    var disconnected = false
    var taskNames: [Int: String] = [:]
    var references = DebugReferences()
    /// What the command awaits: the launch, once the client has configured it (nil: the client left).
    private var starting: CheckedContinuation<DebugLaunch?, Never>?
    /// What stops the run when the client disconnects in the middle of it.
    public var cancelRun: (@Sendable () -> Void)?
    /// What the run writes, which reaches the client before a stop or a log point does. Set
    /// once, before the run starts.
    var capture: OutputCapture?

    /// An adapter that speaks over `connection`; `commandLine` is the program an `attach` runs.
    public init(connection: DAPConnection, commandLine: [String]) {
        self.connection = connection
        self.commandLine = commandLine
        debugger = BehaveDebugger { [weak self] event in self?.report(event) }
    }

    /// Waits for the client's launch and configuration; nil when it leaves first.
    public func launched() async -> DebugLaunch? {
        await withCheckedContinuation { continuation in
            // The client may have gone before the command came to wait.
            let gone = lock.withLock {
                let gone = disconnected && !started
                if !gone { starting = continuation }
                return gone
            }
            if gone { continuation.resume(returning: nil) } else { startIfReady() }
        }
    }

    /// Reads and answers requests until the connection ends.
    public func serve() {
        while true {
            let body: [UInt8]
            do {
                body = try connection.read()
            } catch {
                if error != .ended { respondError(to: nil, "\(Self.describe(error)); the connection is closed") }
                break
            }
            handle(body)
            if lock.withLock({ disconnected }) { break }
        }
        leave()
    }

    /// The run has ended: the client hears how, and the session is over.
    public func runEnded(exitCode: Int32) {
        lock.withLock { ended = true }
        event("exited", ["exitCode": Int(exitCode)])
        event("terminated", [:])
    }

    private func handle(_ body: [UInt8]) {
        guard let message = DAPJSON.object(body)
        else { return respondError(to: nil, "the message is not a JSON object") }
        guard message["type"] as? String == "request", let command = message["command"] as? String else {
            return respondError(to: message, "only requests are understood here, with a \"command\"")
        }
        guard let seq = message["seq"] as? Int else {
            return respondError(to: message, "\"seq\" is missing or not an integer")
        }
        let order = lock.withLock { () -> String? in
            if seq <= lastSequence { return "\"seq\" \(seq) is not above the last request's \(lastSequence)" }
            lastSequence = seq
            if !initialized && command != "initialize" { return "the first request must be \"initialize\"" }
            return nil
        }
        if let order { return respondError(to: message, order) }
        let arguments = message["arguments"] as? [String: Any] ?? [:]
        do throws(DebugError) {
            let body = try answer(command, arguments)
            respond(to: message, body: body)
            after(command)
        } catch {
            respondError(to: message, error.description)
        }
    }

    /// The body of the response to `command`, or the error it fails with.
    private func answer(_ command: String, _ arguments: [String: Any]) throws(DebugError) -> [String: Any] {
        switch command {
        case "initialize":
            let again = lock.withLock { () -> Bool in
                defer { initialized = true }
                return initialized
            }
            if again { throw DebugError("initialize was asked for already") }
            return Self.capabilities
        case "launch", "attach":
            let launch = try DebugLaunch.from(arguments, commandLine: commandLine)
            let first = lock.withLock {
                let first = self.launch == nil
                if first { self.launch = launch }
                return first
            }
            if !first { throw DebugError("the session has launched already") }
            if launch.stopOnEntry { debugger.pause() }
            return [:]
        case "setBreakpoints": return try setBreakpoints(arguments)
        case "setExceptionBreakpoints":
            let filters = arguments["filters"] as? [String] ?? []
            debugger.stopAt(errors: filters.contains("errors"), limits: filters.contains("limits"))
            return [:]
        case "configurationDone":
            lock.withLock { configured = true }
            return [:]
        case "threads": return ["threads": threads()]
        case "stackTrace": return try stackTrace(arguments)
        case "scopes": return try scopes(arguments)
        case "variables": return try variables(arguments)
        case "evaluate": return try evaluate(arguments)
        case _ where Self.resumes[command] != nil:
            return command == "continue" ? ["allThreadsContinued": true] : [:]
        case "pause":
            debugger.pause()
            return [:]
        case "disconnect", "terminate": return [:]
        default: throw DebugError("\"\(command)\" is not a request behave debug answers")
        }
    }

    /// What follows a response: the initialized event, the run's start, the end of a session.
    private func after(_ command: String) {
        switch command {
        case "initialize": event("initialized", [:])
        case "configurationDone", "launch", "attach": startIfReady()
        case "disconnect", "terminate": lock.withLock { disconnected = true }
        case _ where Self.resumes[command] != nil:
            // After the response: the next stop's event must not come before it.
            lock.withLock { references = DebugReferences() }
            debugger.resume(Self.resumes[command]!)
        default: break
        }
    }

    private func startIfReady() {
        let go = lock.withLock { () -> (CheckedContinuation<DebugLaunch?, Never>, DebugLaunch)? in
            guard let launch, configured, !started, let starting else { return nil }
            started = true
            self.starting = nil
            return (starting, launch)
        }
        go.map { $0.0.resume(returning: $0.1) }
    }

    /// The client has gone (disconnected, or its connection ended): the run goes on without
    /// stops and is cancelled; a session that never started ends.
    private func leave() {
        debugger.detach()
        let (waiting, cancel) = lock.withLock {
            () -> (CheckedContinuation<DebugLaunch?, Never>?, (@Sendable () -> Void)?) in
            disconnected = true
            let waiting = starting
            starting = nil
            return (waiting, started && !ended ? cancelRun : nil)
        }
        waiting?.resume(returning: nil)
        cancel?()
    }

    private func setBreakpoints(_ arguments: [String: Any]) throws(DebugError) -> [String: Any] {
        guard let source = arguments["source"] as? [String: Any], let path = source["path"] as? String else {
            throw DebugError("setBreakpoints needs \"source\" with a \"path\"")
        }
        // One answer per breakpoint asked for, in order, as the protocol has it: a line that is
        // missing or below 1 is not set.
        let list = (arguments["breakpoints"] as? [[String: Any]] ?? []).map { item in
            DebugBreakpoint(
                line: item["line"] as? Int ?? 0, condition: item["condition"] as? String,
                hitCondition: item["hitCondition"] as? String, logMessage: item["logMessage"] as? String)
        }
        let set = Set(debugger.setBreakpoints(list, in: path))
        return ["breakpoints": list.map { ["verified": set.contains($0.line), "line": $0.line] }]
    }

    /// The requests that let a stopped run go on, and how each does.
    static let resumes: [String: DebugResume] = [
        "continue": .proceed, "next": .next, "stepIn": .stepIn, "stepOut": .stepOut,
    ]

    static var capabilities: [String: Any] {
        [
            "supportsConfigurationDoneRequest": true, "supportsConditionalBreakpoints": true,
            "supportsHitConditionalBreakpoints": true, "supportsLogPoints": true, "supportsEvaluateForHovers": true,
            "supportsTerminateRequest": true,
            "exceptionBreakpointFilters": [
                ["filter": "errors", "label": "Uncaught errors", "default": true],
                ["filter": "limits", "label": "Limits about to fire", "default": false],
            ],
        ]
    }

    static func describe(_ error: DAPConnection.ReadError) -> String {
        switch error {
        case .ended: "the connection ended"
        case .badHeader(let what): "bad header: \(what)"
        case .tooLarge(let length): "a message of \(length) bytes is over the \(DAPConnection.maxBody)-byte limit"
        }
    }
}
