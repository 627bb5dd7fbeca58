import Crypto

/// A detached Ed25519 signature over a behaviour's exact bytes (`FILE.sig`, one line of base64).
public struct Signature: Sendable, Equatable {
    /// The 64 signature bytes.
    public let raw: [UInt8]

    init(raw: [UInt8]) { self.raw = raw }

    /// A signature from its text form.
    public init(text: String) throws(KeyFormatError) {
        guard let raw = Base64Text.decode(text) else { throw .notBase64(what: "signature") }
        guard raw.count == 64 else {
            throw .wrongLength(
                what: "signature", expected: 64, found: raw.count,
                hint: raw.count == 32 ? "this looks like a key" : nil)
        }
        self.raw = raw
    }

    /// The text form: base64 of the 64 bytes.
    public var text: String { Base64Text.encode(raw) }

    /// The first key in `keys` that made this signature over `bytes`, if any.
    public func signer(of bytes: [UInt8], among keys: [PublicKey]) -> PublicKey? {
        keys.first { $0.isValidSignature(self, for: bytes) }
    }
}
