/// The "did you mean" of a misspelt module or action name.
package enum NameSuggestion {
    /// The candidate closest to `name`, ignoring case, when it is close enough to be a typo: at
    /// most one edit in a short name, two from six characters on, three from twelve.
    package static func closest(to name: String, among candidates: [String]) -> String? {
        let target = Array(name.lowercased().utf8)
        let allowed = target.count >= 12 ? 3 : target.count >= 6 ? 2 : 1
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let distance = editDistance(target, Array(candidate.lowercased().utf8))
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// Edits from `a` to `b`: insertions, deletions, substitutions and swaps of two neighbours
    /// (`shwo` is one edit from `show`), with three rows of memory.
    private static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var row = previous
        for i in 1...a.count {
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { row[j] = min(row[j], before[j - 2] + 1) }
            }
            (before, previous) = (previous, row)
        }
        return previous[b.count]
    }
}
