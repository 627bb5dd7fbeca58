/// A recording's action calls grouped by module and action, each with its arguments and the
/// answer it got (what it returned or threw, and how long an async answer took): what a test
/// made from the recording fakes and checks.
struct RecordedCalls {
    /// The calls of one action, in order.
    struct ActionCalls {
        let name: String
        var arguments: [[PlainValue]] = []
        var answers: [Answer] = []
    }

    /// One call's answer.
    struct Answer {
        var returns: [PlainValue] = []
        var error: String?
        var after: Double?

        /// As the test file's table of answers has it.
        var lua: String {
            var fields = ["returns = table.pack(\(returns.map(\.luaText).joined(separator: ", ")))"]
            if let error { fields.append("error = \(LuaLiteral.quote(error))") }
            if let after, after > 0 { fields.append("after = \(TraceEvent.number(after))") }
            return "{" + fields.joined(separator: ", ") + "}"
        }
    }

    /// The modules called, in the order of their first call.
    private(set) var modules: [String] = []
    private var calls: [String: [ActionCalls]] = [:]
    /// The last instant the recording names.
    private(set) var end = 0.0

    init(_ entries: [RecordedEntry]) {
        var time = 0.0
        var last: (module: String, action: Int, answer: Int)?
        var pending: [Int: (module: String, action: Int, answer: Int, at: Double)] = [:]
        // Past a gap the calls no longer follow from the ones before: a test checks the part before it.
        for entry in entries.prefix(while: { if case .gap = $0 { false } else { true } }) {
            if let at = entry.time {
                time = at
                end = max(end, at)
            }
            switch entry {
            case .call(let name, let arguments, let id):
                let place = add(name, arguments ?? [])
                last = place
                if let id { pending[id] = (place.module, place.action, place.answer, time) }
            case .returned(let values):
                if let last { calls[last.module]?[last.action].answers[last.answer].returns = values }
            case .threw(let message, _):
                if let last { calls[last.module]?[last.action].answers[last.answer].error = message }
            case .resolved(let id, let at, let values):
                guard let call = pending.removeValue(forKey: id) else { continue }
                calls[call.module]?[call.action].answers[call.answer].returns = values
                calls[call.module]?[call.action].answers[call.answer].after = at - call.at
            case .rejected(let id, let at, let message, _):
                guard let call = pending.removeValue(forKey: id) else { continue }
                calls[call.module]?[call.action].answers[call.answer].error = message
                calls[call.module]?[call.action].answers[call.answer].after = at - call.at
            default: break
            }
        }
    }

    /// The calls of each action of `module` that was called, in the order of their first call.
    func actions(of module: String) -> [ActionCalls] { calls[module] ?? [] }

    private mutating func add(_ name: String, _ arguments: [PlainValue]) -> (module: String, action: Int, answer: Int) {
        let dot = name.firstIndex(of: ".") ?? name.endIndex
        let module = String(name[..<dot])
        let action = dot == name.endIndex ? "" : String(name[name.index(after: dot)...])
        if calls[module] == nil {
            modules.append(module)
            calls[module] = []
        }
        var index = calls[module]?.firstIndex { $0.name == action }
        if index == nil {
            calls[module]?.append(ActionCalls(name: action))
            index = (calls[module]?.count ?? 1) - 1
        }
        let actionIndex = index ?? 0
        calls[module]?[actionIndex].arguments.append(arguments)
        calls[module]?[actionIndex].answers.append(Answer())
        return (module, actionIndex, (calls[module]?[actionIndex].answers.count ?? 1) - 1)
    }
}
