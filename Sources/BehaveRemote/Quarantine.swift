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

    /// Its file form: `key value` lines.
    func encoded() -> [UInt8] {
        let reason = reason.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return Array(
            "digest \(digest)\nsequence \(sequence.map(String.init) ?? "-")\nat \(at)\nreason \(reason)\n".utf8)
    }

    static func decode(_ bytes: [UInt8]) -> Quarantine? {
        var fields: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            guard let space = line.firstIndex(of: " ") else { continue }
            fields[String(line[..<space])] = String(line[line.index(after: space)...])
        }
        guard let digest = fields["digest"], let at = fields["at"].flatMap(Double.init) else { return nil }
        return Quarantine(
            digest: digest, sequence: fields["sequence"].flatMap { Int64($0) }, at: at, reason: fields["reason"] ?? "")
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
