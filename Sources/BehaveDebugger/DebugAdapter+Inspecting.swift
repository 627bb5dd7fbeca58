import Behave

/// The requests that read a stopped run: threads, stackTrace, scopes, variables, evaluate.
extension DebugAdapter {
    func threads() -> [[String: Any]] {
        if let tasks = debugger.read({ $0.tasks() }) {
            // What is alive now: the tasks that ended since the last look go.
            lock.withLock { taskNames = Dictionary(tasks.map { ($0.id, $0.name) }, uniquingKeysWith: { $1 }) }
            return tasks.map { ["id": DebugIDs.thread(ofTask: $0.id), "name": $0.name] }
        }
        let known = lock.withLock { taskNames.isEmpty ? [1: "main"] : taskNames }
        return known.keys.sorted().map { ["id": $0, "name": known[$0]!] }
    }

    func stackTrace(_ arguments: [String: Any]) throws(DebugError) -> [String: Any] {
        let task = DebugIDs.task(ofThread: arguments["threadId"] as? Int ?? 0)
        guard let frames = debugger.read({ $0.frames(of: task) }) else { throw DebugError("the run is not stopped") }
        let start = max(0, arguments["startFrame"] as? Int ?? 0)
        let levels = arguments["levels"] as? Int ?? 0
        let shown = frames.dropFirst(start).prefix(levels > 0 ? levels : frames.count)
        return [
            "totalFrames": frames.count,
            "stackFrames": shown.map { frame -> [String: Any] in
                var item: [String: Any] = [
                    "id": DebugIDs.frame(task: task, level: frame.level), "name": frame.name, "line": frame.line ?? 0,
                    "column": frame.line == nil ? 0 : 1,
                ]
                if let path = frame.path {
                    item["source"] = [
                        "name": path.split(separator: "/").last.map(String.init) ?? path, "path": path,
                    ]
                } else {
                    item["presentationHint"] = "subtle"
                }
                return item
            },
        ]
    }

    func scopes(_ arguments: [String: Any]) throws(DebugError) -> [String: Any] {
        guard let frame = arguments["frameId"] as? Int else { throw DebugError("scopes needs \"frameId\"") }
        let (task, level) = DebugIDs.taskAndLevel(ofFrame: frame)
        guard let context = debugger.read({ $0.evaluate("context", task: task, level: level, running: false) }) else {
            throw DebugError("the run is not stopped")
        }
        return lock.withLock {
            var scopes: [[String: Any]] = [
                [
                    "name": "Locals", "presentationHint": "locals", "expensive": false,
                    "variablesReference": references.number(for: .locals(task: task, level: level)),
                ],
                [
                    "name": "Upvalues", "expensive": false,
                    "variablesReference": references.number(for: .upvalues(task: task, level: level)),
                ],
            ]
            if case .success(let values) = context, let table = values.first, table.reference > 0 {
                scopes.append([
                    "name": "Context", "expensive": false, "namedVariables": table.named,
                    "variablesReference": references.number(for: .table(table.reference)),
                ])
            }
            scopes.append([
                "name": "Task", "expensive": false, "variablesReference": references.number(for: .task(task)),
            ])
            return ["scopes": scopes]
        }
    }

    func variables(_ arguments: [String: Any]) throws(DebugError) -> [String: Any] {
        guard let number = arguments["variablesReference"] as? Int,
            let target = lock.withLock({ references.target(number) })
        else { throw DebugError("no such variablesReference") }
        let filter = arguments["filter"] as? String
        let start = max(0, arguments["start"] as? Int ?? 0)
        let count = max(0, arguments["count"] as? Int ?? 0)
        let read: [DebugValue]?
        switch target {
        case .locals(let task, let level): read = debugger.read { $0.variables(of: task, level: level) }
        case .upvalues(let task, let level):
            read = debugger.read { $0.variables(of: task, level: level, upvalues: true) }
        case .table(let table):
            read = debugger.read {
                $0.children(
                    of: table, named: filter != "indexed", indexed: filter != "named", start: start, count: count)
            }
        case .task(let task):
            read = debugger.read { stopped in
                let found = stopped.tasks().first { $0.id == (task == 0 ? stopped.stop.task : task) }
                return [("name", found?.name), ("state", found?.state), ("waitingIn", found?.waitingIn)].compactMap {
                    field in
                    field.1.map {
                        DebugValue(name: field.0, type: "string", value: $0, reference: 0, named: 0, indexed: 0)
                    }
                }
            }
        }
        guard let read else { throw DebugError("the run is not stopped") }
        return ["variables": read.map(variable)]
    }

    func evaluate(_ arguments: [String: Any]) throws(DebugError) -> [String: Any] {
        guard let expression = arguments["expression"] as? String else {
            throw DebugError("evaluate needs \"expression\"")
        }
        guard expression.utf8.count <= 65_536 else { throw DebugError("the expression is over 64 KiB") }
        let (task, level) = (arguments["frameId"] as? Int).map(DebugIDs.taskAndLevel) ?? (0, 0)
        let running = (arguments["context"] as? String ?? "repl") == "repl"
        guard let result = debugger.read({ $0.evaluate(expression, task: task, level: level, running: running) }) else {
            throw DebugError("the run is not stopped: evaluate reads a stopped run")
        }
        switch result {
        case .failure(let error): throw error
        case .success(let values):
            let single = values.count == 1 ? values.first : nil
            var body: [String: Any] = [
                "result": values.isEmpty ? "nil" : values.map(\.value).joined(separator: ", "),
                "variablesReference": single.map { tableNumber($0) } ?? 0,
            ]
            if let single {
                body["type"] = single.type
                body["namedVariables"] = single.named
                body["indexedVariables"] = single.indexed
            }
            return body
        }
    }

    private func variable(_ value: DebugValue) -> [String: Any] {
        var item: [String: Any] = [
            "name": value.name, "value": value.value, "type": value.type, "variablesReference": tableNumber(value),
        ]
        if value.reference > 0 {
            item["namedVariables"] = value.named
            item["indexedVariables"] = value.indexed
        }
        return item
    }

    private func tableNumber(_ value: DebugValue) -> Int {
        value.reference > 0 ? lock.withLock { references.number(for: .table(value.reference)) } : 0
    }
}
