import BehaveLua
import CBehaveLua

/// Tab completion for a session: what the word before the cursor can become.
public struct SessionCompletion: Equatable, Sendable {
    /// The part of the line the candidates replace (the name after the last `.` or `:`).
    public var partial: String
    /// Every name that starts with `partial`, sorted.
    public var candidates: [String]

    /// A completion of `partial` by `candidates`.
    public init(partial: String, candidates: [String]) {
        self.partial = partial
        self.candidates = candidates
    }

    /// The longest text every candidate starts with.
    public var commonPrefix: String {
        guard var prefix = candidates.first else { return partial }
        for candidate in candidates.dropFirst() {
            while !candidate.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }
}

extension BehaveSession {
    /// Completes the name that ends `line`: a global, a Lua keyword or a module name; after
    /// `a.b.` the fields of that table; after `Module:` only its functions (actions).
    ///
    /// Only raw lookups are made (a metatable's `__index` is followed when it is a table), so
    /// completing never runs a script's code.
    ///
    /// ```swift
    /// let names = session.completions(for: "MyFirstModule.say").candidates  // ["sayGoodBye", "sayHello"]
    /// ```
    public func completions(for line: String) -> SessionCompletion {
        let word = String(
            line.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == ":" }.reversed())
        guard let separator = word.lastIndex(where: { $0 == "." || $0 == ":" }) else {
            let names = Set(tableKeys(path: [], functionsOnly: false)).union(LuaLiteral.keywords)
            return SessionCompletion(partial: word, candidates: names.filter { $0.hasPrefix(word) }.sorted())
        }
        let partial = String(word[word.index(after: separator)...])
        let path = word[..<separator].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !path.contains(where: { $0.isEmpty || $0.contains(":") || $0.first!.isNumber }) else {
            return SessionCompletion(partial: partial, candidates: [])
        }
        let names = tableKeys(path: path, functionsOnly: word[separator] == ":")
        return SessionCompletion(partial: partial, candidates: Set(names).filter { $0.hasPrefix(partial) }.sorted())
    }

    /// The identifier keys of the table at `path` from the environment (and of the tables its
    /// `__index` chain leads to).
    private func tableKeys(path: [String], functionsOnly: Bool) -> [String] {
        var table: LuaTable? = host.environment
        for name in path {
            guard let found = table.flatMap({ field(name, of: $0) }) else { return [] }
            table = found
        }
        var names: [String] = []
        var hops = 0
        while let current = table, hops < 8 {
            current.forEachKey(limit: .max) { key, valueType in
                if let name = key.string, !functionsOnly || valueType == LUA_TFUNCTION, LuaLiteral.isIdentifier(name) {
                    names.append(name)
                }
            }
            table = indexTable(of: current)
            hops += 1
        }
        return names
    }

    /// The table at field `name` of `table` (raw, then through `__index` tables); nil when there
    /// is no table there.
    private func field(_ name: String, of table: LuaTable) -> LuaTable? {
        var current = table
        for _ in 0..<8 {
            let value = current[name]
            if case .nil = value {
                guard let next = indexTable(of: current) else { return nil }
                current = next
            } else {
                return value.table
            }
        }
        return nil
    }

    /// The `__index` of the table's metatable, when that is a table.
    private func indexTable(of table: LuaTable) -> LuaTable? {
        table.metatable?["__index"].table
    }
}
