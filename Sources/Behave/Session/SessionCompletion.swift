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
    /// session.completions(for: "MyFirstModule.say").candidates  // ["sayHello"]
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
        let L = host.lua.pointer
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        host.environment.push(to: host.lua.stack)
        for name in path {
            guard rawLookup(L, name) else { return [] }
        }
        var names: [String] = []
        var hops = 0
        while lua_type(L, -1) == LUA_TTABLE, hops < 8 {
            lua_pushnil(L)
            while lua_next(L, -2) != 0 {
                if lua_type(L, -2) == LUA_TSTRING, !functionsOnly || lua_type(L, -1) == LUA_TFUNCTION,
                    let key = lua_tolstring(L, -2, nil)
                {
                    let name = String(cString: key)
                    if LuaLiteral.isIdentifier(name) { names.append(name) }
                }
                luashim_pop(L, 1)
            }
            guard indexTable(L) else { break }
            hops += 1
        }
        return names
    }

    /// Replaces the table on top with its field `name` (raw, then through `__index` tables);
    /// false when there is no table there.
    private func rawLookup(_ L: OpaquePointer, _ name: String) -> Bool {
        var hops = 0
        while lua_type(L, -1) == LUA_TTABLE, hops < 8 {
            lua_pushstring(L, name)
            lua_rawget(L, -2)
            if lua_type(L, -1) != LUA_TNIL {
                luashim_remove(L, -2)
                return lua_type(L, -1) == LUA_TTABLE
            }
            luashim_pop(L, 1)
            guard indexTable(L) else { return false }
            hops += 1
        }
        return false
    }

    /// Replaces the table on top with its metatable's `__index` when that is a table.
    private func indexTable(_ L: OpaquePointer) -> Bool {
        guard lua_getmetatable(L, -1) != 0 else { return false }
        lua_pushstring(L, "__index")
        lua_rawget(L, -2)
        luashim_remove(L, -2)
        guard lua_type(L, -1) == LUA_TTABLE else {
            luashim_pop(L, 1)
            return false
        }
        luashim_remove(L, -2)
        return true
    }
}
