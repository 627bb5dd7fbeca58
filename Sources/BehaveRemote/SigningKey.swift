#if Remote
    import Crypto

    /// An Ed25519 private key that signs behaviours (`behave keygen` writes one, `behave sign` uses it).
    ///
    /// Its text form is one line: `BEHAVE-ED25519-PRIVATE-KEY ` and the base64 of the 32-byte raw key. The
    /// marker keeps a public key (bare base64 of the same length) from being taken for it. Keep it out of
    /// the app and out of the repository: it belongs in the CI secret store.
    ///
    /// ```swift
    /// let key = SigningKey()
    /// let signature = key.signature(for: Array(script.utf8))
    /// ```
    public struct SigningKey: Sendable {
        private let key: Curve25519.Signing.PrivateKey

        /// A new random key.
        public init() { key = Curve25519.Signing.PrivateKey() }

        /// The marker that starts a private key's text form.
        public static let marker = "BEHAVE-ED25519-PRIVATE-KEY "

        /// A key from its text form.
        public init(text: String) throws(KeyFormatError) {
            let trimmed = text.trimmingWhitespace()
            guard trimmed.hasPrefix(SigningKey.marker) else {
                let looksPublic = Base64Text.decode(trimmed)?.count == 32
                throw .notAPrivateKey(hint: looksPublic ? "this looks like a public key" : nil)
            }
            guard let raw = Base64Text.decode(String(trimmed.dropFirst(SigningKey.marker.count))) else {
                throw .notBase64(what: "private key")
            }
            guard raw.count == 32 else {
                throw .wrongLength(
                    what: "private key", expected: 32, found: raw.count,
                    hint: raw.count == 64 ? "this looks like a signature" : nil)
            }
            do { key = try Curve25519.Signing.PrivateKey(rawRepresentation: raw) } catch {
                throw .notBase64(what: "private key")
            }
        }

        /// The text form: the marker, then base64 of the raw key.
        public var text: String { SigningKey.marker + Base64Text.encode(key.rawRepresentation) }

        /// The public half, which apps are given.
        public var publicKey: PublicKey { PublicKey(key.publicKey) }

        /// A detached signature over exactly `bytes`, with its sequence number (by default the
        /// signing time in seconds, so a later signature orders after an earlier one) and its expiry
        /// (seconds since 1970; nil for never).
        public func signature(
            for bytes: [UInt8], sequence: Int64? = nil, expires: Int64? = nil, corpus: String? = nil
        ) -> Signature {
            let sequence = sequence ?? Int64(WallClock.now())
            let message = Signature.message(bytes, sequence: sequence, expires: expires, corpus: corpus)
            // Ed25519 signing only fails on a broken key; a key built by this type is never broken.
            return Signature(
                raw: Array(try! key.signature(for: message)), sequence: sequence, expires: expires, corpus: corpus)
        }
    }

    /// Why a key or signature text was refused.
    public enum KeyFormatError: Error, Equatable, CustomStringConvertible {
        case notBase64(what: String)
        case wrongLength(what: String, expected: Int, found: Int, hint: String?)
        case notAPrivateKey(hint: String?)
        case privateKeyGiven
        /// A signature in the format before sequence numbers: the bytes alone.
        case unsequencedSignature
        /// A `behave2` signature line whose sequence or expiry is out of range: why.
        case malformedSignature(String)

        public var description: String {
            switch self {
            case .notBase64(let what):
                return "expected a \(what) as one line of base64"
            case .notAPrivateKey(let hint):
                return
                    "expected a private key from `behave keygen` (a line starting with \(SigningKey.marker.trimmingWhitespace()))"
                    + (hint.map { "; \($0)" } ?? "")
            case .unsequencedSignature:
                return
                    "this signature is in the old format, over the bytes alone, with no sequence number: "
                    + "sign the file again with `behave sign FILE --key KEY` (behave 0.3.0 or later)"
            case .malformedSignature(let why):
                return "expected a signature (behave2 SEQUENCE EXPIRY BASE64), but \(why)"
            case .privateKeyGiven:
                return "this is a private key: give apps the public key (the .pub file), and keep this one secret"
            case .wrongLength(let what, let expected, let found, let hint):
                return "expected a \(what) of \(expected) bytes, found \(found)" + (hint.map { " (\($0))" } ?? "")
            }
        }
    }
#endif
