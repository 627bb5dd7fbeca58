/// What `testing.lua` adds to a test file's environment, read from the file itself so that the
/// checker and the editor stub can never list a helper it does not define, or miss one it does.
///
/// Each `function env.NAME(…)` is a global of test files. The `---` annotations right above it
/// (LuaLS's) are its stub, and so are those of the `---@class` table of checks `expect` returns,
/// whose functions are declared without their first parameter, the value `expect` bound.
enum TestHelpers {
    /// The globals a test file has besides a behaviour's, in the order `testing.lua` defines them.
    static let names: [String] = LuaChunks.testing.source.split(separator: "\n").compactMap { line in
        guard line.hasPrefix("function env."), let open = line.firstIndex(of: "(") else { return nil }
        return String(line[line.index(line.startIndex, offsetBy: "function env.".count)..<open])
    }

    /// The LuaLS declarations of the annotated helpers, as `definitions.lua` declares the runtime's.
    static let definitions: String = {
        var out = ""
        var annotations: [Substring] = []
        var classTable: String?
        for line in LuaChunks.testing.source.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("---") {
                annotations.append(line)
                continue
            }
            defer { annotations = [] }
            guard !annotations.isEmpty else { continue }
            if annotations.contains(where: { $0.hasPrefix("---@class ") }), line.hasPrefix("local "),
                line.hasSuffix(" = {}")
            {
                classTable = String(line.dropFirst("local ".count).dropLast(" = {}".count))
                out += annotations.joined(separator: "\n") + "\n\(line)\n"
            } else if let declaration = declaration(line, classTable: classTable) {
                out += annotations.joined(separator: "\n") + "\n\(declaration)\n"
            }
        }
        return out
    }()

    /// `function NAME(PARAMETERS) end` for `function env.NAME(…)`, and for a function of the
    /// class table, the same without its first parameter.
    private static func declaration(_ line: Substring, classTable: String?) -> String? {
        guard line.hasPrefix("function "), let open = line.firstIndex(of: "("), let close = line.lastIndex(of: ")")
        else { return nil }
        let name = line[line.index(line.startIndex, offsetBy: "function ".count)..<open]
        var parameters = line[line.index(after: open)..<close].split(separator: ",").map {
            String($0).trimmingWhitespace()
        }
        if name.hasPrefix("env.") {
            return "function \(name.dropFirst("env.".count))(\(parameters.joined(separator: ", "))) end"
        }
        guard let classTable, name.hasPrefix(classTable + ".") else { return nil }
        parameters.removeFirst()
        return "function \(name)(\(parameters.joined(separator: ", "))) end"
    }
}
