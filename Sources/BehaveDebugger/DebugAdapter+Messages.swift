import Behave
import BehavePlatform

/// Responses and events, and what the debugger reports turned into events.
extension DebugAdapter {
    func respond(to request: [String: Any], body: [String: Any]) {
        var message: [String: Any] = [
            "type": "response", "request_seq": request["seq"] as? Int ?? 0, "success": true,
            "command": request["command"] as? String ?? "",
        ]
        if !body.isEmpty { message["body"] = body }
        connection.send(message)
    }

    /// An error response; to a message that could not be read, one with `request_seq` 0.
    func respondError(to request: [String: Any]?, _ text: String) {
        connection.send([
            "type": "response", "request_seq": (request?["seq"] as? Int) ?? 0, "success": false,
            "command": request?["command"] as? String ?? "", "message": text,
            "body": ["error": ["id": 1, "format": text]],
        ])
    }

    func event(_ name: String, _ body: [String: Any]) {
        var message: [String: Any] = ["type": "event", "event": name]
        if !body.isEmpty { message["body"] = body }
        connection.send(message)
    }

    /// What the run writes, as the client shows it.
    func output(_ text: String, category: String) {
        event("output", ["category": category, "output": text])
    }

    func report(_ event: BehaveDebugger.Event) {
        switch event {
        case .stopped(let stop):
            capture?.drain()  // what the run printed before the stop is in the capture's pipes
            var body: [String: Any] = [
                "reason": stop.reason.rawValue, "threadId": DebugIDs.thread(ofTask: stop.task),
                "allThreadsStopped": true,
            ]
            if let text = stop.text {
                body["description"] = text
                body["text"] = text
            }
            self.event("stopped", body)
        case .taskStarted(let id, let name):
            lock.withLock {
                taskNames[id] = name
                // Between stops nothing says which tasks ended: the oldest go past a bound.
                if taskNames.count > Self.knownTasks, let oldest = taskNames.keys.min() { taskNames[oldest] = nil }
            }
            self.event("thread", ["reason": "started", "threadId": id])
        case .log(let text):
            capture?.drain()
            output(text, category: "console")
        }
    }
}

extension DebugAdapter {
    /// How many started tasks `threads` names while the run goes on.
    static let knownTasks = 1000

    /// Waits for the client to disconnect after the run ended, at most `seconds`.
    public func waitForDisconnect(seconds: Double) {
        let deadline = Platform.monotonicSeconds() + seconds
        while !lock.withLock({ disconnected }) && Platform.monotonicSeconds() < deadline { usleep(10_000) }
    }
}
