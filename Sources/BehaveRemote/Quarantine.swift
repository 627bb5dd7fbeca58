#if Remote
    import Behave

    /// A copy that failed its first run: its bytes are not run again until the server serves others.
    public struct Quarantine: Sendable, Equatable {
        /// SHA-256 of the copy's bytes, in hex.
        public var digest: String
        /// The copy's signed sequence number, when it was signed.
        public var sequence: Int64?
        /// When it was quarantined, in seconds since 1970.
        public var at: Double
        /// Why: the first line of what the failed run reported.
        public var reason: String

        /// Creates a record.
        public init(digest: String, sequence: Int64?, at: Double, reason: String) {
            self.digest = digest
            self.sequence = sequence
            self.at = at
            self.reason = reason
        }

        /// The most bytes of a reason a record keeps: a record is always far smaller than ``readLimit``.
        package static let reasonLimit = 1000
        /// The most bytes of a record file read back.
        static let readLimit = 1 << 16

        /// Its file form: `key value` lines, the reason's first line cut to ``reasonLimit`` bytes.
        package func encoded() -> [UInt8] {
            let line = reason.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            var reason = ""
            for character in line {
                guard reason.utf8.count + character.utf8.count <= Self.reasonLimit - 3 else {
                    reason += "…"
                    break
                }
                reason.append(character)
            }
            let at = WallClock.isTime(at) ? at : 0
            return Array(
                "digest \(digest)\nsequence \(sequence.map(String.init) ?? "-")\nat \(at)\nreason \(reason)\n".utf8)
        }

        /// A record from the start of its file. A record without a digest is damage; a damaged time
        /// (not a number, or no date) is read as 0, unknown, and the record still holds: its bytes stay
        /// refused.
        package static func decode(_ bytes: [UInt8]) throws(CacheDamage) -> Quarantine {
            var fields: [String: String] = [:]
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
                guard let space = line.firstIndex(of: " ") else { continue }
                let name = String(line[..<space])
                if fields[name] == nil { fields[name] = String(line[line.index(after: space)...]) }
            }
            guard let digest = fields["digest"], DigestList.isDigest(digest) else {
                throw CacheDamage("the quarantine record names no SHA-256")
            }
            let at = fields["at"].flatMap(Double.init).flatMap { WallClock.isTime($0) ? $0 : nil } ?? 0
            return Quarantine(
                digest: digest, sequence: fields["sequence"].flatMap { Int64($0) }, at: at,
                reason: String((fields["reason"] ?? "").prefix(reasonLimit)))
        }
    }

    /// What the cache holds for one URL (`behave cache`, ``RemoteLoader/status(of:)``).
    public struct CacheStatus: Sendable {
        /// The URL.
        public var url: String
        /// The copy that runs (the last good copy).
        public var active: CacheEntry?
        /// The copy before it, which runs again if the active one fails its first run.
        public var previous: CacheEntry?
        /// A fresh copy fetched in the background, current at the next load.
        public var pending: CacheEntry?
        /// A copy that failed its first run.
        public var quarantine: Quarantine?
    }
#endif
