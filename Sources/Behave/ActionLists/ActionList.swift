/// The seed's behaviour format: `[ { "name": module, "actions": [ { "func": action,
/// "value": argument } ] } ]`, read with positions. `"args": [...]` passes several arguments.
public struct ActionList: Sendable {
    /// One `{ "name": …, "actions": […] }` entry.
    public struct Entry: Sendable {
        public var module: String
        public var position: SourcePosition
        public var actions: [Call]
    }

    /// One `{ "func": …, "value": … }` entry.
    public struct Call: Sendable {
        public var action: String
        public var position: SourcePosition
        /// The arguments: `[value]`, the `args` array, or none.
        public var arguments: [JSONValue]
    }

    public var entries: [Entry]

    /// Reads an action list from a parsed JSON document; the first shape problem is an error
    /// diagnostic that says what was expected where.
    public init(json: JSONValue, file: String) throws(Diagnostic) {
        guard case .array(let modules) = json.kind else { throw ActionList.notAnArray(json, file: file) }
        var entries: [Entry] = []
        entries.reserveCapacity(modules.count)
        for module in modules { entries.append(try ActionList.entry(module, file: file)) }
        self.entries = entries
    }

    private init(entries: [Entry]) { self.entries = entries }

    private static func notAnArray(_ json: JSONValue, file: String) -> Diagnostic {
        Diagnostic(
            .error, file: file, at: json.position,
            "expected an array of modules at the top level, found \(json.kindDescription)")
    }

    /// One element of the top-level array.
    private static func entry(_ module: JSONValue, file: String) throws(Diagnostic) -> Entry {
        func fail(_ at: SourcePosition, _ message: String) -> Diagnostic {
            Diagnostic(.error, file: file, at: at, message)
        }
        guard case .object = module.kind else {
            throw fail(
                module.position,
                "expected a module object {\"name\": …, \"actions\": […]}, found \(module.kindDescription)")
        }
        guard let name = module["name"] else { throw fail(module.position, "module is missing \"name\"") }
        guard case .string(let moduleName) = name.kind else {
            throw fail(name.position, "expected \"name\" to be a string, found \(name.kindDescription)")
        }
        var calls: [Call] = []
        if let actions = module["actions"] {
            guard case .array(let items) = actions.kind else {
                throw fail(actions.position, "expected \"actions\" to be an array, found \(actions.kindDescription)")
            }
            calls.reserveCapacity(items.count)
            for item in items {
                guard case .object = item.kind else {
                    throw fail(item.position, "expected an action object {\"func\": …}, found \(item.kindDescription)")
                }
                guard let function = item["func"] else { throw fail(item.position, "action is missing \"func\"") }
                guard case .string(let actionName) = function.kind else {
                    throw fail(function.position, "expected \"func\" to be a string, found \(function.kindDescription)")
                }
                var arguments: [JSONValue] = []
                if let args = item["args"] {
                    guard case .array(let values) = args.kind else {
                        throw fail(args.position, "expected \"args\" to be an array, found \(args.kindDescription)")
                    }
                    if item["value"] != nil {
                        throw fail(args.position, "an action takes \"value\" or \"args\", not both")
                    }
                    arguments = values
                } else if let value = item["value"] {
                    arguments = [value]
                }
                calls.append(Call(action: actionName, position: function.position, arguments: arguments))
            }
        }
        return Entry(module: moduleName, position: name.position, actions: calls)
    }

    /// Parses bytes: JSON syntax, then the action-list shape. A syntax error anywhere comes
    /// before a shape error, as if the whole document were parsed first; each module is
    /// converted as soon as it is parsed, so a large list is never held as one JSON tree.
    public static func parse(_ bytes: [UInt8], file: String) throws(Diagnostic) -> ActionList {
        var entries: [Entry] = []
        var shapeProblem: Diagnostic?
        let top: JSONValue
        do throws(JSONParser.Failure) {
            top = try JSONParser.parse(bytes) { module in
                guard shapeProblem == nil else { return }
                do throws(Diagnostic) { entries.append(try entry(module, file: file)) } catch { shapeProblem = error }
            }
        } catch {
            throw Diagnostic(.error, file: file, at: error.position, error.message)
        }
        if let shapeProblem { throw shapeProblem }
        guard case .array = top.kind else { throw notAnArray(top, file: file) }
        return ActionList(entries: entries)
    }
}
