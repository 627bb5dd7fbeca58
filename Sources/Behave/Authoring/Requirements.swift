/// What a Lua behaviour says it needs of the app, in `-- requires:` lines at its top, so that an
/// app that lacks it refuses the script before it runs (and a remote copy it cannot run never
/// replaces the one it has):
///
/// ```lua
/// -- requires: Keynote.vote, Keynote.show
/// -- requires: version >= 1.2
/// ```
///
/// Items are `Module.action` (the registry must have it) or `version >= X.Y.Z` (compared with the
/// app's `context.version`, part by part as numbers). Only the comment lines before the first
/// line of code are read.
package struct Requirements {
    /// One item and where it is written.
    package enum Item: Equatable {
        case action(module: String, action: String)
        case version(minimum: [Int], text: String)
        case unreadable(String)
    }

    package private(set) var items: [(item: Item, position: SourcePosition)] = []

    package init(_ source: [UInt8]) {
        let text = String(decoding: source, as: UTF8.self)
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if offset == 0 && trimmed.hasPrefix("#") { continue }  // a shebang line
            if trimmed.isEmpty || trimmed == "\r" { continue }
            guard trimmed.hasPrefix("--") else { break }  // the first line of code ends the header
            let comment = trimmed.dropFirst(2).drop { $0 == " " || $0 == "\t" }
            guard comment.hasPrefix("requires:") else { continue }
            var column = line.count - comment.count + "requires:".count + 1
            for part in comment.dropFirst("requires:".count).split(separator: ",", omittingEmptySubsequences: false) {
                let leading = part.prefix { $0 == " " || $0 == "\t" }.count
                let word = String(part).trimmingWhitespace()
                let position = SourcePosition(line: offset + 1, column: column + leading)
                column += part.count + 1
                if word.isEmpty { continue }
                items.append((Self.item(word), position))
            }
        }
    }

    private static func item(_ word: String) -> Item {
        if word.hasPrefix("version") {
            let rest = word.dropFirst("version".count).drop { $0 == " " }
            let text = String(rest.dropFirst(2).drop { $0 == " " })
            guard rest.hasPrefix(">="), let numbers = version(text) else { return .unreadable(word) }
            return .version(minimum: numbers, text: text)
        }
        let parts = word.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } })
        else { return .unreadable(word) }
        return .action(module: String(parts[0]), action: String(parts[1]))
    }

    /// `1.2.3` as `[1, 2, 3]`; nil unless it is numbers separated by dots.
    package static func version(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
        return parts.map { $0! }
    }

    /// Whether `version` is at least `minimum`, missing parts counting as 0.
    package static func satisfies(_ version: [Int], _ minimum: [Int]) -> Bool {
        for index in 0..<max(version.count, minimum.count) {
            let (a, b) = (index < version.count ? version[index] : 0, index < minimum.count ? minimum[index] : 0)
            if a != b { return a > b }
        }
        return true
    }

    /// An error for each requirement that `registry` and the app's `version` do not meet.
    package func unmet(file: String, registry: ModuleRegistry, version: String?) -> [Diagnostic] {
        items.compactMap { item, position in
            switch item {
            case .action(let module, let action):
                guard !registry.has(module, action) else { return nil }
                return Diagnostic(
                    .error, file: file, at: position, "requires \(module).\(action), which this app does not have")
            case .version(let minimum, let text):
                guard let version, let numbers = Self.version(version) else {
                    return Diagnostic(
                        .error, file: file, at: position,
                        "requires version >= \(text), and the app gives no version (context.version)")
                }
                guard !Self.satisfies(numbers, minimum) else { return nil }
                return Diagnostic(
                    .error, file: file, at: position, "requires version >= \(text); this app is \(version)")
            case .unreadable(let word):
                return Diagnostic(
                    .error, file: file, at: position,
                    "cannot read the requirement '\(word)': expected Module.action or version >= X.Y")
            }
        }
    }
}
