import BehaveLua

/// How a REPL shows values: `printer.lua`, the Lua chunk that formats them, run once per session in the
/// session's state before any input, so it holds the pristine library functions however an
/// input changes the globals.
///
/// Tables print with sorted keys (the array part first), nested up to a depth, with cycles
/// shown as `<cycle>` rather than followed and long tables cut with a count. Only raw access
/// is used, so printing never runs an `__index` or `__pairs`; a `__tostring` runs (under the
/// sandbox's limits) and its failure prints as `<__tostring failed: …>`.
enum ValuePrinter {
    /// The deepest nesting printed; deeper tables show as `{…}`.
    static let maximumDepth = 5
    /// The most entries printed per table; the rest are counted.
    static let maximumEntries = 100
    /// Longest line a table keeps on one line.
    static let lineWidth = 72

    /// The printer's chunk (`printer.lua`) takes these as its arguments, after the module tables
    /// (`{[table] = "Name"}`, shown as `<module Name>`), and returns `format(colour, n, ...)`:
    /// the values, tab-separated, as text.
    static var settings: [any LuaPushable] {
        [maximumDepth, maximumEntries, lineWidth, LuaLiteral.keywords.sorted().joined(separator: " ")]
    }
}
