/// An action list resolved against a registry: what will be called, what is skipped and
/// why, and every problem found before anything runs.
public struct ActionPlan {
    /// A call that will run.
    public struct Step {
        public var module: String
        public var action: Action
        public var arguments: [JSONValue]
        public var position: SourcePosition
    }

    /// The calls, in file order.
    public var steps: [Step] = []
    /// Warnings (skipped modules and actions) and errors (type mismatches; in strict mode, skips too).
    public var diagnostics: [Diagnostic] = []

    /// Whether any diagnostic is an error: then nothing may run.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Resolves every entry. In strict mode an unknown module or action is an error.
    public init(_ list: ActionList, registry: ModuleRegistry, file: String, strict: Bool) {
        let skip: Diagnostic.Severity = strict ? .error : .warning
        let verb = strict ? "" : "; skipped"
        // A list repeats the same few names many times: each (module, spelling) is resolved once.
        var resolved: [ResolvedName: Result<Action?, any Error>] = [:]
        for entry in list.entries {
            let module: (any BehaveModule)?
            do { module = try registry.module(named: entry.module) } catch {
                diagnostics.append(Diagnostic(.error, file: file, at: entry.position, "\(error)"))
                continue
            }
            guard let module else {
                diagnostics.append(
                    Diagnostic(
                        skip, file: file, at: entry.position,
                        "no module named '\(entry.module.printable)'"
                            + Self.suggestion(
                                for: entry.module, among: registry.modules.flatMap { [$0.name] + $0.aliases })
                            + verb))
                continue
            }
            for call in entry.actions {
                let key = ResolvedName(module: module.name, spelling: call.action)
                if resolved[key] == nil { resolved[key] = Result { try registry.action(call.action, in: module) } }
                let action: Action?
                do { action = try resolved[key]!.get() } catch {
                    diagnostics.append(Diagnostic(.error, file: file, at: call.position, "\(error)"))
                    continue
                }
                guard let action else {
                    diagnostics.append(
                        Diagnostic(
                            skip, file: file, at: call.position,
                            "\(module.name) has no action '\(call.action.printable)'"
                                + Self.suggestion(for: call.action, among: module.actions.map(\.name)) + verb))
                    continue
                }
                if let problem = ActionPlan.check(call.arguments, against: action, at: call.position) {
                    diagnostics.append(
                        Diagnostic(
                            .error, file: file, at: problem.position,
                            "\(module.name).\(action.signature): \(problem.message)"))
                    continue
                }
                steps.append(
                    Step(module: module.name, action: action, arguments: call.arguments, position: call.position))
            }
        }
    }

    /// ` (did you mean 'NAME'?)` when a candidate is close to `spelling` (its last component, for
    /// a qualified module name), else nothing: the same suggestion a Lua script's check makes.
    private static func suggestion(for spelling: String, among candidates: [String]) -> String {
        let name = spelling.split(separator: ".").last.map(String.init) ?? spelling
        guard let closest = NameSuggestion.closest(to: name, among: candidates) else { return "" }
        return " (did you mean '\(closest.printable)'?)"
    }

    private struct ResolvedName: Hashable {
        var module: String
        var spelling: String
    }

    /// Checks JSON arguments against an action's parameters.
    static func check(_ arguments: [JSONValue], against action: Action, at position: SourcePosition)
        -> (position: SourcePosition, message: String)?
    {
        let parameters = action.parameters
        if arguments.count > parameters.count {
            let extra = arguments[parameters.count]
            return (extra.position, ArgumentCount.tooMany(parameters: parameters.count, given: arguments.count))
        }
        for (offset, parameter) in parameters.enumerated() {
            guard offset < arguments.count else {
                if case .optional = parameter.type { continue }
                return (position, "missing \(parameter.type) argument '\(parameter.label ?? "_")'")
            }
            if let mismatch = mismatch(arguments[offset], parameter.type) {
                return (arguments[offset].position, "argument '\(parameter.label ?? "_")': \(mismatch)")
            }
        }
        return nil
    }

    /// Why `value` does not convert to `type`, or nil when it does.
    static func mismatch(_ value: JSONValue, _ type: ValueType) -> String? {
        func expected(_ name: String) -> String { "expected \(name), found \(value.kindDescription)" }
        switch (type, value.kind) {
        case (.any, _): return nil
        case (.optional, .null): return nil
        case (.optional(let wrapped), _): return mismatch(value, wrapped)
        case (.string, .string), (.boolean, .bool), (.number, .number): return nil
        case (.integer, .number(let text)):
            return LuaLiteral.isIntegral(text) ? nil : "expected an integer, found \(text)"
        case (.array(let element), .array(let items)):
            for item in items {
                if let problem = mismatch(item, element) { return "element at \(item.position): \(problem)" }
            }
            return nil
        case (.map(let element), .object(let members)):
            for member in members {
                if let problem = mismatch(member.value, element) {
                    return "member '\(member.key.printable)': \(problem)"
                }
            }
            return nil
        case (.string, _): return expected("a string")
        case (.integer, _): return expected("an integer")
        case (.number, _): return expected("a number")
        case (.boolean, _): return expected("a boolean")
        case (.array, _): return expected("an array")
        case (.map, _): return expected("an object")
        case (.void, _): return "takes no value"
        }
    }
}
