import BehaveLua

/// `behave check`'s unknown globals: the names a script reads against those its environment
/// really has, so that the list never drifts from what a run finds.
extension BehaveHost {
    /// The globals a behaviour finds when its first line runs: the keys of the environment this
    /// host built (its standard library, modules and helpers), `context` and `arg`, which each
    /// run sets, and for a test file (`*_test.lua`) the helpers `testing.lua` adds.
    func knownGlobals(testFile: Bool) -> [String] {
        // The runtime puts `context` in the environment when a run starts: the same call here.
        try? pushContext()
        var names = Set(environment.pairs.compactMap { $0.key.string })
        names.insert("arg")
        if testFile { names.formUnion(TestHelpers.names) }
        return names.sorted()
    }

    /// A diagnostic for each global `chunk` (compiled from `behaviour`) reads that neither its
    /// environment nor the script defines: a warning, an error when `strict`.
    func unknownGlobals(in behaviour: Behaviour, chunk: LuaFunction, strict: Bool) throws -> [Diagnostic] {
        let known = knownGlobals(testFile: behaviour.name.hasSuffix("_test.lua"))
        let found = UnknownGlobals(
            source: Self.withoutShebang(behaviour.bytes), dump: try chunk.dumped(), known: Set(known))
        return found.diagnostics(
            file: behaviour.name, severity: strict ? .error : .warning,
            modules: registry.modules.map(\.name), known: known)
    }
}
