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
}
