/// The globals a Lua behaviour reads that nothing defines: not in the environment it runs in
/// (the standard library the policy allows, the modules, the runtime's helpers) and assigned
/// nowhere in the script. A run would find `nil` there ("attempt to index a nil value (global
/// 'Carts')"), so `behave check` names each with its place and the likely name.
package struct UnknownGlobals {
    /// One read of an unknown global.
    package struct Use: Equatable {
        package var name: String
        package var position: SourcePosition
        /// Used as a table (`Carts.add`, `cart:total()`): most likely a misspelt module.
        package var isIndexed: Bool
    }

    package private(set) var uses: [Use] = []

    /// The unknown globals of the chunk whose source is `source` and whose bytecode is `dump`
    /// (``ChunkGlobals``); none when the dump cannot be read.
    package init(source: [UInt8], dump: [UInt8], known: Set<String>) {
        guard let globals = ChunkGlobals(dump: dump) else { return }
        let defined = Set(globals.writes.map(\.name))
        let unknown = globals.reads.filter { !known.contains($0.name) && !defined.contains($0.name) }
        guard !unknown.isEmpty else { return }
        // Each read on a line is matched with the next name of that spelling on that line that
        // is not a field: the bytecode knows lines, the tokens know columns.
        var candidates: [String: [ActionReferences.Name]] = [:]
        for name in ActionReferences.names(in: source) where !name.isField {
            candidates[name.name, default: []].append(name)
        }
        var taken: [String: Set<Int>] = [:]
        for read in unknown {
            let spelled = candidates[read.name] ?? []
            let index =
                spelled.indices.first {
                    spelled[$0].position.line == read.line && !taken[read.name, default: []].contains($0)
                }
                ?? spelled.indices.last { spelled[$0].position.line <= read.line }
            guard let index else {
                uses.append(
                    Use(name: read.name, position: SourcePosition(line: read.line, column: 1), isIndexed: false))
                continue
            }
            taken[read.name, default: []].insert(index)
            uses.append(Use(name: read.name, position: spelled[index].position, isIndexed: spelled[index].isIndexed))
        }
        uses.sort { $0.position < $1.position }
    }

    /// A diagnostic for each use: `unknown module 'Carts' (did you mean 'Cart'?)` for a name used
    /// as a table, `unknown global 'x'` otherwise, the suggestion taken from `modules` first.
    package func diagnostics(
        file: String, severity: Diagnostic.Severity, modules: [String], known: [String]
    ) -> [Diagnostic] {
        uses.map { use in
            let kind = use.isIndexed ? "module" : "global"
            var message = "unknown \(kind) '\(use.name)'"
            let suggestion =
                (use.isIndexed ? NameSuggestion.closest(to: use.name, among: modules) : nil)
                ?? NameSuggestion.closest(to: use.name, among: known)
            if let suggestion { message += " (did you mean '\(suggestion)'?)" }
            return Diagnostic(severity, file: file, at: use.position, message)
        }
    }
}
