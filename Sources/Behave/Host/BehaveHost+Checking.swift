import BehaveLua

/// Checking a behaviour without running it: a JSON list against the registry, a script's syntax,
/// its `-- requires:` and its `Module.action` references.
extension BehaveHost {
    /// Checks a behaviour without running it: JSON shape and names against the registry, or
    /// Lua syntax, the script's `Module.action` references and the globals it reads that
    /// nothing defines (each a warning, an error when `strict`). Returns every diagnostic
    /// (warnings included).
    public func check(_ behaviour: Behaviour, strict: Bool = false) -> [Diagnostic] {
        switch behaviour.format {
        case .json:
            do {
                let list = try ActionList.parse(behaviour.bytes, file: behaviour.name)
                return ActionPlan(list, registry: registry, file: behaviour.name, strict: strict).diagnostics
            } catch { return [error] }
        case .lua:
            // Compiling and reading the environment use the state, which a run may hold.
            guard gate.tryEnter() else {
                return [
                    Diagnostic(.error, file: behaviour.name, at: nil, "not checked: this host is running a behaviour")
                ]
            }
            defer { gate.leave() }
            do {
                let chunk = try lua.load(Self.withoutShebang(behaviour.bytes), chunkName: "@" + behaviour.name)
                let found =
                    missingActions(in: behaviour, strict: strict)
                    + (try unknownGlobals(in: behaviour, chunk: chunk, strict: strict))
                let start = SourcePosition(line: 0, column: 0)
                return unmetRequirements(of: behaviour)
                    + found.sorted { ($0.position ?? start) < ($1.position ?? start) }
            } catch let error as LuaError {
                return [Diagnostic(error, file: behaviour.name, source: behaviour.bytes)]
            } catch { return [Diagnostic(.error, file: behaviour.name, at: nil, "\(error)")] }
        }
    }

    /// A script whose first line starts with `#` (`#!/usr/bin/env behave`) with that line made a
    /// comment, as the stock `lua` skips it; lines keep their numbers.
    static func withoutShebang(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.first == UInt8(ascii: "#") else { return bytes }
        return Array("-- ".utf8) + bytes.dropFirst()  // the space: `#[[` must not open a long comment
    }

    /// An error for each `-- requires:` of a Lua script that this app does not meet
    /// (``Requirements``): its modules, and `context.version`.
    func unmetRequirements(of behaviour: Behaviour) -> [Diagnostic] {
        var version: String?
        if case .string(let text)? = context["version"] { version = text }
        return Requirements(behaviour.bytes).unmet(file: behaviour.name, registry: registry, version: version)
    }

    /// A diagnostic for each `Module.action` of a Lua script that names no action of the module,
    /// and for each call of one whose literal arguments do not fit its parameters.
    private func missingActions(in behaviour: Behaviour, strict: Bool) -> [Diagnostic] {
        let modules = Dictionary(registry.modules.map { ($0.name, $0.actions) }, uniquingKeysWith: { a, _ in a })
        let severity: Diagnostic.Severity = strict ? .error : .warning
        return ActionReferences(behaviour.bytes, modules: Set(modules.keys)).references.compactMap { reference in
            let actions = modules[reference.module] ?? []
            guard let action = actions.first(where: { $0.name == reference.action }) else {
                var message = "\(reference.module) has no action '\(reference.action)'"
                if let suggestion = NameSuggestion.closest(to: reference.action, among: actions.map(\.name)) {
                    message += "; did you mean '\(suggestion)'?"
                }
                return Diagnostic(severity, file: behaviour.name, at: reference.position, message)
            }
            guard let call = reference.call, let (position, problem) = Self.check(call, against: action) else {
                return nil
            }
            return Diagnostic(
                severity, file: behaviour.name, at: position ?? reference.position,
                "\(reference.module).\(reference.action) \(problem)")
        }
    }

    /// Why a call's literal arguments do not fit `action`'s parameters, and where: a literal of
    /// the wrong type, more arguments than parameters, or a required one missing.
    private static func check(_ call: ActionReferences.Call, against action: Action) -> (SourcePosition?, String)? {
        let parameters = action.parameters
        let arguments = call.arguments
        let given = call.lastMayExpand ? arguments.count - 1 : arguments.count
        if given > parameters.count {
            return (
                arguments[parameters.count].position,
                ArgumentCount.tooMany(parameters: parameters.count, given: arguments.count)
            )
        }
        for (offset, parameter) in parameters.enumerated() {
            let name = parameter.label.map { " '\($0)'" } ?? ""
            guard offset < arguments.count else {
                if call.lastMayExpand { return nil }
                if case .optional = parameter.type { continue }
                return (nil, "is missing its \(parameter.type) argument #\(offset + 1)\(name)")
            }
            if let found = mismatch(arguments[offset].kind, parameter.type) {
                return (
                    arguments[offset].position,
                    "argument #\(offset + 1)\(name): expected \(parameter.type), found \(found)"
                )
            }
        }
        return nil
    }

    /// What a literal is, when it cannot become `type`; nil when it can or cannot be told.
    private static func mismatch(_ kind: ActionReferences.Argument.Kind, _ type: ValueType) -> String? {
        switch (type, kind) {
        case (_, .unknown), (.any, _), (.optional, .nil): return nil
        case (.optional(let wrapped), _): return mismatch(kind, wrapped)
        case (.string, .string), (.integer, .integer), (.number, .integer), (.number, .float), (.boolean, .boolean),
            (.array, .table), (.map, .table):
            return nil
        default:
            switch kind {
            case .string: return "a string"
            case .integer: return "an integer"
            case .float: return type == .integer ? "a number with a fraction" : "a number"
            case .boolean: return "a boolean"
            case .nil: return "nil"
            case .table: return "a table"
            case .unknown: return nil
            }
        }
    }
}
