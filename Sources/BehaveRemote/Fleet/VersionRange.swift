#if Remote
    import Behave

    /// A set of versions written the way package managers write them: space-separated comparators
    /// that must all hold (`>=2.3.0 <3.0.0`), with alternatives joined by `||`.
    ///
    /// Comparators: `>=`, `>`, `<=`, `<`, `=` (or a bare version), `^1.2.3` (the same major; for
    /// `0.x`, the same minor), `~1.2.3` (the same minor) and `*`. Versions compare by plain
    /// precedence, so a pre-release of the upper bound of `^` or `~` is outside the range.
    public struct VersionRange: Sendable, Equatable, CustomStringConvertible {
        /// One comparison against a version.
        public enum Comparator: Sendable, Equatable {
            /// `<`
            case less(SemanticVersion)
            /// `<=`
            case lessOrEqual(SemanticVersion)
            /// `>`
            case greater(SemanticVersion)
            /// `>=`
            case greaterOrEqual(SemanticVersion)
            /// `=` or a bare version.
            case equal(SemanticVersion)
            /// `*`: every version.
            case any

            /// Whether `version` satisfies the comparison.
            public func admits(_ version: SemanticVersion) -> Bool {
                switch self {
                case .less(let bound): version < bound
                case .lessOrEqual(let bound): version <= bound
                case .greater(let bound): version > bound
                case .greaterOrEqual(let bound): version >= bound
                case .equal(let bound): version == bound
                case .any: true
                }
            }
        }

        /// Why a text is not a range, in one line.
        public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
            /// What is wrong, naming the offending part.
            public var message: String
            /// The message.
            public var description: String { message }
        }

        /// The range as written.
        public var text: String
        /// The alternatives; a version is in the range when every comparator of one of them admits it.
        public var alternatives: [[Comparator]]

        /// Parses a range such as `>=1.2 <2 || ^3.1.0`.
        public init(_ text: String) throws(Failure) {
            self.text = text
            var alternatives: [[Comparator]] = []
            for alternative in text.split(separator: "||", omittingEmptySubsequences: false) {
                let words = alternative.split(whereSeparator: { $0 == " " || $0 == "\t" })
                if words.isEmpty {
                    throw Failure(message: "malformed version range \"\(text.printable)\": an alternative is empty")
                }
                var comparators: [Comparator] = []
                for word in words {
                    comparators += try Self.comparators(String(word), in: text)
                }
                alternatives.append(comparators)
            }
            self.alternatives = alternatives
        }

        /// The range as written.
        public var description: String { text }

        /// Whether `version` is in the range.
        public func contains(_ version: SemanticVersion) -> Bool {
            alternatives.contains { comparators in comparators.allSatisfy { $0.admits(version) } }
        }

        private static func comparators(_ word: String, in text: String) throws(Failure) -> [Comparator] {
            if word == "*" { return [.any] }
            let operators = [">=", "<=", ">", "<", "=", "^", "~"]
            let op = operators.first { word.hasPrefix($0) } ?? ""
            let versionText = String(word.dropFirst(op.count))
            guard let version = SemanticVersion(versionText) else {
                let shown = versionText.isEmpty ? "nothing" : "\"\(versionText.printable)\""
                throw Failure(
                    message:
                        "malformed version range \"\(text.printable)\": expected a version after \"\(op)\", found \(shown)"
                )
            }
            switch op {
            case ">=": return [.greaterOrEqual(version)]
            case "<=": return [.lessOrEqual(version)]
            case ">": return [.greater(version)]
            case "<": return [.less(version)]
            case "^":
                let next =
                    version.major == 0
                    ? SemanticVersion(major: 0, minor: version.minor + 1) : SemanticVersion(major: version.major + 1)
                return [.greaterOrEqual(version), .less(lowestOf(next))]
            case "~":
                let next = SemanticVersion(major: version.major, minor: version.minor + 1)
                return [.greaterOrEqual(version), .less(lowestOf(next))]
            default: return [.equal(version)]
            }
        }

        // The first version of a release line, below its own pre-releases, so `^1.2.3` stops
        // before `2.0.0-alpha` as well as before `2.0.0`.
        private static func lowestOf(_ release: SemanticVersion) -> SemanticVersion {
            var version = release
            version.prerelease = ["0"]
            return version
        }
    }
#endif
