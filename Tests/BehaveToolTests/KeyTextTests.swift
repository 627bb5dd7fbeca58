#if Remote
    import BehaveRemote
    import BehaveTestSupport
    import Foundation
    import Testing

    @Suite("Key and signature texts")
    struct KeyTextTests {
        @Test func aPublicKeyIsNotAPrivateKeyAndViceVersa() throws {
            let key = SigningKey()
            #expect(throws: KeyFormatError.notAPrivateKey(hint: "this looks like a public key")) {
                try SigningKey(text: key.publicKey.text)
            }
            #expect(throws: KeyFormatError.privateKeyGiven) { try PublicKey(text: key.text + "\n") }
            #expect(try SigningKey(text: key.text + "\r\n").publicKey == key.publicKey)
            #expect(try PublicKey(text: " " + key.publicKey.text + "\n") == key.publicKey)
        }

        @Test func signaturesAreExactlySixtyFourBytesOfBase64() throws {
            let key = SigningKey()
            let signature = key.signature(for: Array("[]".utf8))
            #expect(try Signature(text: signature.text) == signature)
            #expect(
                throws: KeyFormatError.wrongLength(
                    what: "signature", expected: 64, found: 32, hint: "this looks like a key")
            ) {
                try Signature(text: key.publicKey.text)
            }
            #expect(throws: KeyFormatError.notBase64(what: "signature (behave2 SEQUENCE EXPIRY BASE64)")) {
                try Signature(text: "<html>not found</html>")
            }
            // The format before sequence numbers: a bare line of base64 over the bytes alone.
            #expect(throws: KeyFormatError.unsequencedSignature) {
                try Signature(text: String(signature.text.split(separator: " ").last!))
            }
            #expect(key.publicKey.isValidSignature(signature, for: Array("[]".utf8)))
            #expect(!key.publicKey.isValidSignature(signature, for: Array("[] ".utf8)))
        }
    }
#endif
