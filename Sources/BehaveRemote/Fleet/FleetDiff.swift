#if Remote
    import Behave

    /// What an edit of a manifest changes, in the words of
    /// ``FleetManifest/whoGetsWhat(channel:)``, for an operator to read before publishing.
    public enum FleetDiff {
        /// For every channel whose lines changed, a header `channel NAME:` and its lines marked
        /// `- ` (gone), `+ ` (new) or two spaces (unchanged); then `+ killed COPY` for each copy newly
        /// killed. Empty when nothing anyone gets has changed. A nil `old` is an empty manifest.
        public static func lines(from old: FleetManifest?, to new: FleetManifest) -> [String] {
            let old = old ?? FleetManifest()
            var lines: [String] = []
            for name in Set(old.channels.keys).union(new.channels.keys).sorted() {
                let before = (try? old.whoGetsWhat(channel: name)) ?? []
                let after = (try? new.whoGetsWhat(channel: name)) ?? []
                guard before != after else { continue }
                lines.append("channel \(name):")
                lines += compare(before, after)
            }
            for copy in new.killed where !old.isKilled(copy) { lines.append("+ killed \(copy)") }
            return lines
        }

        // A longest-common-subsequence diff: the lists are a few lines each.
        private static func compare(_ before: [String], _ after: [String]) -> [String] {
            var common = Array(repeating: Array(repeating: 0, count: after.count + 1), count: before.count + 1)
            for i in stride(from: before.count - 1, through: 0, by: -1) {
                for j in stride(from: after.count - 1, through: 0, by: -1) {
                    common[i][j] =
                        before[i] == after[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
                }
            }
            var lines: [String] = []
            var i = 0
            var j = 0
            while i < before.count || j < after.count {
                if i < before.count, j < after.count, before[i] == after[j] {
                    lines.append("  " + before[i])
                    i += 1
                    j += 1
                } else if i < before.count, j == after.count || common[i + 1][j] >= common[i][j + 1] {
                    lines.append("- " + before[i])
                    i += 1
                } else {
                    lines.append("+ " + after[j])
                    j += 1
                }
            }
            return lines
        }
    }
#endif
