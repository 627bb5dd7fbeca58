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

    /// Levenshtein distance, with one row of memory.
    private static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var diagonal = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let above = row[j]
                row[j] = min(above + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
                diagonal = above
            }
        }
        return row[b.count]
    }
}
