#if Remote
    import Behave

    /// A semantic version, `MAJOR[.MINOR[.PATCH]][-PRERELEASE][+BUILD]`, ordered by the precedence
    /// of Semantic Versioning 2.0.
    ///
    /// Missing parts are 0 and a leading `v` is allowed, because app versions are often written
    /// `2.3` or `v2.3.1`. Major, minor and patch have at most 15 digits each (a longer one is not a
    /// version), so that a range's next release line is a number too. A pre-release identifier of
    /// digits compares numerically at any length. Build metadata is kept but plays no part in
    /// comparisons: two versions that differ only in their build are equal.
    public struct SemanticVersion: Sendable, Comparable, CustomStringConvertible {
        /// The major number.
        public var major: Int
        /// The minor number.
        public var minor: Int
        /// The patch number.
        public var patch: Int
        /// The dot-separated pre-release identifiers (`["beta", "2"]` for `-beta.2`); empty for a release.
        public var prerelease: [String]
        /// The dot-separated build identifiers; ignored when comparing.
        public var build: [String]

        /// A version from its parts.
        public init(major: Int, minor: Int = 0, patch: Int = 0, prerelease: [String] = [], build: [String] = []) {
            self.major = major
            self.minor = minor
            self.patch = patch
            self.prerelease = prerelease
            self.build = build
        }

        /// Parses `text`, or returns nil when it is not a version.
        public init?(_ text: String) {
            var rest = Substring(text)
            if rest.first == "v" || rest.first == "V" { rest = rest.dropFirst() }
            var build: [String] = []
            if let plus = rest.firstIndex(of: "+") {
                guard let identifiers = Self.identifiers(rest[rest.index(after: plus)...]) else { return nil }
                build = identifiers
                rest = rest[..<plus]
            }
            var prerelease: [String] = []
            if let dash = rest.firstIndex(of: "-") {
                guard let identifiers = Self.identifiers(rest[rest.index(after: dash)...]) else { return nil }
                prerelease = identifiers
                rest = rest[..<dash]
            }
            let numbers = rest.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...3).contains(numbers.count) else { return nil }
            var parts: [Int] = []
            for number in numbers {
                guard let value = Self.number(number) else { return nil }
                parts.append(value)
            }
            while parts.count < 3 { parts.append(0) }
            self.init(major: parts[0], minor: parts[1], patch: parts[2], prerelease: prerelease, build: build)
        }

        /// The version as it is written canonically: all three numbers, then any pre-release and build.
        public var description: String {
            var text = "\(major).\(minor).\(patch)"
            if !prerelease.isEmpty { text += "-" + prerelease.joined(separator: ".") }
            if !build.isEmpty { text += "+" + build.joined(separator: ".") }
            return text
        }

        /// Equal precedence: build metadata does not count.
        public static func == (a: SemanticVersion, b: SemanticVersion) -> Bool {
            (a.major, a.minor, a.patch) == (b.major, b.minor, b.patch) && a.prerelease == b.prerelease
        }

        /// Semantic Versioning 2.0 precedence.
        public static func < (a: SemanticVersion, b: SemanticVersion) -> Bool {
            if (a.major, a.minor, a.patch) != (b.major, b.minor, b.patch) {
                return (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
            }
            // A pre-release comes before the release it leads up to.
            switch (a.prerelease.isEmpty, b.prerelease.isEmpty) {
            case (true, _): return false
            case (false, true): return true
            case (false, false): break
            }
            for (left, right) in zip(a.prerelease, b.prerelease) where left != right {
                return Self.identifier(left, precedes: right)
            }
            return a.prerelease.count < b.prerelease.count
        }

        private static func identifier(_ left: String, precedes right: String) -> Bool {
            switch (Self.significantDigits(left), Self.significantDigits(right)) {
            case (let l?, let r?):
                // Numerically at any length: fewer significant digits is the smaller number, and
                // numbers as long compare digit by digit.
                if l.count != r.count { return l.count < r.count }
                if l != r { return l.lexicographicallyPrecedes(r) }
                // One number written with other leading zeros (which Semantic Versioning forbids but
                // this parser lets through): by text, so that only equal texts are equal.
                return left.utf8.lexicographicallyPrecedes(right.utf8)
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return left.utf8.lexicographicallyPrecedes(right.utf8)
            }
        }

        /// The digits of a numeric identifier without its leading zeros (none for zero); nil for an
        /// identifier that is not all digits.
        private static func significantDigits(_ identifier: String) -> [UInt8]? {
            guard !identifier.isEmpty, identifier.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return Array(identifier.utf8.drop { $0 == 0x30 })
        }

        private static func number(_ text: Substring) -> Int? {
            // Bounded well below Int.max, so that a range's next release line (`^`, `~`) is a number too.
            guard !text.isEmpty, text.count <= 15, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                return nil
            }
            return Int(text)
        }

        private static func identifiers(_ text: Substring) -> [String]? {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            for part in parts {
                let allowed = part.utf8.allSatisfy { byte in
                    (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x2D
                }
                guard !part.isEmpty, allowed else { return nil }
            }
            return parts.map(String.init)
        }
    }
#endif
