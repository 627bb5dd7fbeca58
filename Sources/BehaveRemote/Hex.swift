#if Remote
    /// Lower-case hexadecimal, for digests and key fingerprints (`BehaveRemote`).
    enum Hex {
        /// `[0x1b, 0x4c]` → `"1b4c"`.
        static func encode<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
            let digits = Array("0123456789abcdef".utf8)
            var text: [UInt8] = []
            for byte in bytes {
                text.append(digits[Int(byte >> 4)])
                text.append(digits[Int(byte & 0x0F)])
            }
            return String(decoding: text, as: UTF8.self)
        }
    }
#endif
