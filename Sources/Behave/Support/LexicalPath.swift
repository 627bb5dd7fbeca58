import BehavePlatform

/// Paths made absolute by their text alone: from the working directory, `.` and `..` resolved,
/// no link followed (the file need not exist, and a path an editor sent stays the one it shows).
package enum LexicalPath {
    /// The components of `path` from the root.
    package static func components(_ path: String) -> [String] {
        let absolute = path.hasPrefix("/") ? path : Platform.currentDirectory + "/" + path
        var result: [String] = []
        for part in absolute.split(separator: "/") where part != "." {
            if part == ".." { _ = result.popLast() } else { result.append(String(part)) }
        }
        return result
    }

    /// `path` from the root, as one string.
    package static func absolute(_ path: String) -> String { "/" + components(path).joined(separator: "/") }

    /// The directory `path` is in, as written: `.` for a bare name, `/` for a name at the root.
    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` as seen from `directory` (`../b.lua`); both from the working directory unless
    /// absolute.
    package static func relative(_ path: String, from directory: String) -> String {
        let target = components(path)
        let base = components(directory)
        let common = zip(target, base).prefix { $0 == $1 }.count
        let rest = Array(repeating: "..", count: base.count - common) + target.dropFirst(common)
        return rest.isEmpty ? "." : rest.joined(separator: "/")
    }
}
