#if Remote
    import Behave
    import BehaveRemote
    import FuzzSupport

    /// A `.sig` envelope (`behave2 SEQUENCE EXPIRY BASE64`) from any bytes: it is read or refused with
    /// one line, never a crash; what is read writes back to the same signature, and its expiry is a
    /// date that prints.
    enum SignatureTarget: FuzzTarget {
        static let name = "signature"

        static func check(_ input: [UInt8]) {
            let signature: Signature
            do { signature = try Signature(text: String(decoding: input, as: UTF8.self)) } catch {
                if "\(error)".contains("\n") { finding("a refusal of more than one line: \(error)") }
                return
            }
            guard (try? Signature(text: signature.text)) == signature else {
                finding("\(signature.text) does not read back as itself")
            }
            if signature.raw.count != 64 || signature.sequence < 0 { finding("read a malformed signature") }
            if let expires = signature.expires {
                if expires < 0 || expires >= 253_402_300_800 { finding("an expiry that is no date: \(expires)") }
                if !UTCDate.text(expires).hasSuffix(" UTC") { finding("the expiry \(expires) does not print") }
            }
        }
    }
#endif
