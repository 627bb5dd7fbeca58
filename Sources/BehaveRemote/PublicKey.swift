#if Remote
    import Behave
    import Crypto

    /// An Ed25519 public key an app trusts to sign its behaviours.
    ///
    /// Apps ship one or more (give the next key before rotating to it). The text form is the base64 of the
    /// 32-byte raw key: `--public-key` takes it directly or a file that holds it.
    ///
    /// ```swift
    /// let key = try PublicKey(text: "nWGxne/9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A=")
    /// let isGenuine = key.isValidSignature(signature, for: bytes)
    /// ```
    public struct PublicKey: Sendable, Equatable {
        private let key: Curve25519.Signing.PublicKey

        init(_ key: Curve25519.Signing.PublicKey) { self.key = key }

        /// A key from its text form.
        public init(text: String) throws(KeyFormatError) {
            if text.trimmingWhitespace().hasPrefix(SigningKey.marker) { throw .privateKeyGiven }
            guard let raw = Base64Text.decode(text) else { throw .notBase64(what: "public key") }
            guard raw.count == 32 else {
                throw .wrongLength(
                    what: "public key", expected: 32, found: raw.count,
                    hint: raw.count == 64 ? "this looks like a signature" : nil)
            }
            do { key = try Curve25519.Signing.PublicKey(rawRepresentation: raw) } catch {
                throw .notBase64(what: "public key")
            }
        }

        /// The text form: base64 of the raw key.
        public var text: String { Base64Text.encode(key.rawRepresentation) }

        /// A short name for messages: the first 8 bytes of the key's SHA-256, in hex.
        public var fingerprint: String {
            Hex.encode(SHA256.hash(data: key.rawRepresentation).prefix(8))
        }

        /// Whether `signature` was made by this key's private half over exactly `bytes`.
        public func isValidSignature(_ signature: Signature, for bytes: [UInt8]) -> Bool {
            key.isValidSignature(
                signature.raw,
                for: Signature.message(
                    bytes, sequence: signature.sequence, expires: signature.expires, corpus: signature.corpus))
        }

        public static func == (a: PublicKey, b: PublicKey) -> Bool {
            a.key.rawRepresentation == b.key.rawRepresentation
        }
    }
#endif
