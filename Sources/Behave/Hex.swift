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
    ///
    /// Every process decodes the preludes' kept bytecode with it at start (about 40,000 digits),
    /// so it writes into the array's storage directly: appending byte by byte was 4% of a
    /// one-line script's start (`perf`).
    package static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { digits in
            var complete = true
            let bytes = [UInt8](unsafeUninitializedCapacity: digits.count / 2) { buffer, count in
                var high: UInt8 = 0
                var haveHigh = false
                for character in digits {
                    let nibble: UInt8
                    switch character {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = character &- UInt8(ascii: "0")
                    case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = character &- UInt8(ascii: "a") &+ 10
                    case UInt8(ascii: " "), UInt8(ascii: "\n"): continue
                    default:
                        complete = false
                        return
                    }
                    if haveHigh {
                        // At most one byte per two digits, so `count` stays within the capacity.
                        buffer[count] = high << 4 | nibble
                        count += 1
                    } else {
                        high = nibble
                    }
                    haveHigh.toggle()
                }
                complete = !haveHigh
            }
            return complete ? bytes : nil
        }
    }
}
