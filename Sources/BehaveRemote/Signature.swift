#if Remote
    import Crypto

    /// A detached Ed25519 signature over a behaviour's exact bytes, its sequence number and its
    /// expiry (`FILE.sig`, one line: `behave2 SEQUENCE EXPIRY BASE64`, the expiry in seconds since
    /// 1970 or `-` for none); signed against recordings (`behave sign --against`), also the digest of
    /// the corpus it was compared over (`behave3 SEQUENCE EXPIRY CORPUS BASE64`).
    ///
    /// The sequence and the expiry are signed with the bytes, so neither can be changed without the
    /// key: an app refuses a copy whose sequence is lower than its last good copy's (an older copy
    /// served again) and a copy past its expiry.
    public struct Signature: Sendable, Equatable {
        /// The 64 signature bytes.
        public let raw: [UInt8]
        /// Orders copies: a later release signs a higher number (``SigningKey/signature(for:sequence:expires:)``).
        public let sequence: Int64
        /// When the copy stops being valid, in seconds since 1970; nil for never.
        public let expires: Int64?
        /// The SHA-256 of the recordings the copy was compared over before it was signed, if it was.
        public let corpus: String?

        /// The first word of the text form.
        static let version = "behave2"
        /// The first word of the text form that names a corpus.
        static let corpusVersion = "behave3"

        init(raw: [UInt8], sequence: Int64, expires: Int64?, corpus: String? = nil) {
            self.raw = raw
            self.sequence = sequence
            self.expires = expires
            self.corpus = corpus
        }

        /// A signature from its text form. A bare line of base64 is the format before sequence
        /// numbers, which signed the bytes alone: it is refused with how to sign again.
        public init(text: String) throws(KeyFormatError) {
            var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            if words.count == 1, let raw = Base64Text.decode(String(words[0])) {
                if raw.count == 64 { throw .unsequencedSignature }
                throw .wrongLength(
                    what: "signature", expected: 64, found: raw.count,
                    hint: raw.count == 32 ? "this looks like a key" : nil)
            }
            var corpus: String?
            if words.count == 5, words[0] == Self.corpusVersion {
                guard DigestList.isDigest(String(words[3])) else {
                    throw .malformedSignature("its corpus \(words[3].prefix(70)) is not 64 hexadecimal digits")
                }
                corpus = String(words.remove(at: 3))
                words[0] = Substring(Self.version)
            }
            guard words.count == 4, words[0] == Self.version else {
                throw .notBase64(what: "signature (behave2 SEQUENCE EXPIRY BASE64)")
            }
            guard let sequence = Int64(words[1]), sequence >= 0 else {
                throw .malformedSignature(
                    "its sequence \(words[1].prefix(40)) is not a whole number from 0 to \(Int64.max)")
            }
            var expires: Int64?
            if words[2] != "-" {
                // A date this side of the year 10000: every expiry is a date that can be written out.
                guard let seconds = Int64(words[2]), seconds >= 0, Double(seconds) < WallClock.latest else {
                    throw .malformedSignature(
                        "its expiry \(words[2].prefix(40)) is neither - nor seconds since 1970 before the year 10000")
                }
                expires = seconds
            }
            guard let raw = Base64Text.decode(String(words[3])) else { throw .notBase64(what: "signature") }
            guard raw.count == 64 else {
                throw .wrongLength(
                    what: "signature", expected: 64, found: raw.count,
                    hint: raw.count == 32 ? "this looks like a key" : nil)
            }
            self.init(raw: raw, sequence: sequence, expires: expires, corpus: corpus)
        }

        /// The text form: `behave2 SEQUENCE EXPIRY BASE64`, or `behave3 SEQUENCE EXPIRY CORPUS BASE64`.
        public var text: String {
            let expiry = expires.map(String.init) ?? "-"
            guard let corpus else { return "\(Self.version) \(sequence) \(expiry) \(Base64Text.encode(raw))" }
            return "\(Self.corpusVersion) \(sequence) \(expiry) \(corpus) \(Base64Text.encode(raw))"
        }

        /// What is signed: the version, the sequence, the expiry and the corpus if any, then the bytes.
        static func message(_ bytes: [UInt8], sequence: Int64, expires: Int64?, corpus: String?) -> [UInt8] {
            let expiry = expires.map(String.init) ?? "-"
            guard let corpus else { return Array("\(version)\n\(sequence)\n\(expiry)\n".utf8) + bytes }
            return Array("\(corpusVersion)\n\(sequence)\n\(expiry)\n\(corpus)\n".utf8) + bytes
        }

        /// The first key in `keys` that made this signature over `bytes`, if any.
        public func signer(of bytes: [UInt8], among keys: [PublicKey]) -> PublicKey? {
            keys.first { $0.isValidSignature(self, for: bytes) }
        }

        /// The expiry (seconds since 1970) when it has passed; nil for a signature still valid.
        public var passedExpiry: Int64? { expires.flatMap { Double($0) <= WallClock.now() ? $0 : nil } }
    }
#endif
