#if Remote
    import Behave
    import Crypto

    /// The last good copy of one remote behaviour, as the cache keeps it.
    ///
    /// On disk it is one file: a header of `name value` lines, a blank line, then the exact bytes that were
    /// validated (and verified, when signed). The header records the body's length and SHA-256, so a damaged
    /// file is recognised and never run.
    public struct CacheEntry: Sendable, Equatable {
        /// The URL it was fetched from.
        public var url: String
        /// The exact bytes that run.
        public var body: [UInt8]
        public var format: Behaviour.Format
        /// Validators for the next conditional GET.
        public var etag: String?
        public var lastModified: String?
        /// When the server last confirmed this copy (a 200 or a 304), in seconds since 1970.
        public var fetchedAt: Double
        /// The detached signature that came with it, if any.
        public var signature: Signature?

        public init(
            url: String, body: [UInt8], format: Behaviour.Format, etag: String? = nil, lastModified: String? = nil,
            fetchedAt: Double, signature: Signature? = nil
        ) {
            self.url = url
            self.body = body
            self.format = format
            self.etag = etag
            self.lastModified = lastModified
            self.fetchedAt = fetchedAt
            self.signature = signature
        }

        static let magic = "behave-cache 1"

        /// The file's bytes.
        package func encoded() -> [UInt8] {
            var header = [
                Self.magic, "url \(url)", "format \(format.rawValue)", "fetched-at \(fetchedAt)",
                "length \(body.count)", "sha256 \(Self.digest(body))",
            ]
            if let etag { header.append("etag \(etag)") }
            if let lastModified { header.append("last-modified \(lastModified)") }
            if let signature { header.append("signature \(signature.text)") }
            return Array((header.joined(separator: "\n") + "\n\n").utf8) + body
        }

        /// Reads a cache file back, refusing anything damaged or foreign.
        package static func decode(_ bytes: [UInt8]) throws(CacheDamage) -> CacheEntry {
            guard let blank = bytes.indices.dropLast().first(where: { bytes[$0] == 0x0A && bytes[$0 + 1] == 0x0A })
            else {
                throw CacheDamage("no header")
            }
            let lines = String(decoding: bytes[..<blank], as: UTF8.self).split(
                separator: "\n", omittingEmptySubsequences: false)
            guard lines.first == Substring(magic) else { throw CacheDamage("not a behave cache file") }
            var fields: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let space = line.firstIndex(of: " ") else { throw CacheDamage("malformed header line '\(line)'") }
                fields[String(line[..<space])] = String(line[line.index(after: space)...])
            }
            let body = Array(bytes[(blank + 2)...])
            guard let url = fields["url"], let formatName = fields["format"],
                let format = Behaviour.Format(rawValue: formatName),
                let fetchedAt = fields["fetched-at"].flatMap(Double.init),
                let length = fields["length"].flatMap(Int.init),
                let digest = fields["sha256"]
            else {
                throw CacheDamage("header incomplete")
            }
            // A time that is not one (nan, 1e300, before 1970) is damage: it never reaches a conversion.
            guard WallClock.isTime(fetchedAt) else { throw CacheDamage("fetched-at is not a time") }
            guard body.count == length else { throw CacheDamage("body is \(body.count) bytes, header says \(length)") }
            guard digest == Self.digest(body) else { throw CacheDamage("body does not match its SHA-256") }
            var signature: Signature?
            if let text = fields["signature"] {
                do { signature = try Signature(text: text) } catch { throw CacheDamage("signature: \(error)") }
            }
            return CacheEntry(
                url: url, body: body, format: format, etag: fields["etag"], lastModified: fields["last-modified"],
                fetchedAt: fetchedAt, signature: signature)
        }

        static func digest(_ bytes: [UInt8]) -> String {
            Hex.encode(SHA256.hash(data: bytes))
        }
    }

    /// Why a cache file cannot be used.
    public struct CacheDamage: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }
#endif
