import Behave

/// Paths relative to a directory, as a test file names the behaviour it runs.
enum RelativePath {
    /// `path` as seen from `directory` (`../b.lua`); both relative to the working directory
    /// unless absolute.
    static func of(_ path: String, from directory: String) -> String {
        let target = LexicalPath.components(path)
        let base = LexicalPath.components(directory)
        let common = zip(target, base).prefix { $0 == $1 }.count
        let up = Array(repeating: "..", count: base.count - common)
        let rest = up + target.dropFirst(common)
        return rest.isEmpty ? "." : rest.joined(separator: "/")
    }

    /// The directory of `path` (`.` for a bare name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
