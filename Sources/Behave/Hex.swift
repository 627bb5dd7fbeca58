/// Lower-case hexadecimal: digests and fingerprints (`BehaveRemote`), and the preludes' kept
/// bytecode (`EmbeddedPreludes.swift`).
package enum Hex {
    /// `[0x1b, 0x4c]` → `"1b4c"`.
    package static func encode<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// `"1b4c 75\n61"` → `[0x1b, 0x4c, 0x75, 0x61]`: lower-case digits, spaces and newlines
    /// ignored; nil for any other character or an odd number of digits.
    package static func decode(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count / 2)
        var high: UInt8?
        for character in text.utf8 {
            let nibble: UInt8
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = character - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = character - UInt8(ascii: "a") + 10
            case UInt8(ascii: " "), UInt8(ascii: "\n"): continue
            default: return nil
            }
            if let first = high { bytes.append(first << 4 | nibble); high = nil } else { high = nibble }
        }
        return high == nil ? bytes : nil
    }
}
