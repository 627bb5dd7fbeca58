/// An action name as a behaviour spells it, parsed into a Swift base name and argument labels.
///
/// Accepts the Objective-C selector spellings the seed used and Swift spellings:
/// `openUrlWithUrl:` → `openUrl(url:)`, `sayHello` → `sayHello()`, `fooWithA:b:` → `foo(a:b:)`,
/// `open:` → `open(_:)`, `openUrl(url:)` as written.
public struct SelectorName: Equatable, Sendable {
    /// The Swift base name (`openUrl`).
    public var base: String
    /// The argument labels, `nil` for `_`; `nil` as a whole when the spelling gives no labels
    /// (a bare `openUrl`, which matches any action with that base name).
    public var labels: [String?]?

    /// Parses a spelling.
    public init(_ spelling: String) {
        if let open = spelling.firstIndex(of: "("), spelling.hasSuffix(")") {
            base = String(spelling[..<open])
            let inner = spelling[spelling.index(after: open)..<spelling.index(before: spelling.endIndex)]
            labels = inner.split(separator: ":", omittingEmptySubsequences: true).map { $0 == "_" ? nil : String($0) }
            return
        }
        guard spelling.contains(":") else {
            base = spelling
            labels = spelling.isEmpty ? [] : nil
            return
        }
        var parts = spelling.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        if parts.last == "" { parts.removeLast() }
        let first = parts.removeFirst()
        // "openUrlWithUrl" → base "openUrl", label "url": the last "With" followed by an uppercase letter.
        if let range = SelectorName.withRange(in: first) {
            base = String(first[..<range.lowerBound])
            let label = String(first[range.upperBound...])
            labels = [label.prefix(1).lowercased() + label.dropFirst()] + parts.map { Optional($0) }
        } else {
            base = first
            labels = [nil] + parts.map { Optional($0) }
        }
    }

    private static func withRange(in text: String) -> Range<String.Index>? {
        var search = text.startIndex..<text.endIndex
        var found: Range<String.Index>?
        while let range = text.range(of: "With", range: search) {
            if range.lowerBound > text.startIndex, range.upperBound < text.endIndex,
                text[range.upperBound].isUppercase
            {
                found = range
            }
            search = range.upperBound..<text.endIndex
        }
        return found
    }

    /// Whether an action matches this spelling.
    public func matches(_ action: Action) -> Bool {
        guard action.name == base else { return false }
        guard let labels else { return true }
        return labels == action.parameters.map(\.label)
    }
}
