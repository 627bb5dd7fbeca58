/// Long-bracket string literals: any text or bytes as Lua source, with no escape to get wrong,
/// for the chunks the tool writes around what the command line gives (`-l MOD`, `-e CODE`).
extension LuaLiteral {
    /// `text` as a long-bracket string literal whose level no `]=…]` in `text` closes.
    package static func string(_ text: String) -> String { String(decoding: bytes(Array(text.utf8)), as: UTF8.self) }

    /// `bytes` as a long-bracket string literal, byte for byte (a script need not be UTF-8).
    package static func bytes(_ bytes: [UInt8]) -> [UInt8] {
        var level = 0
        while contains(bytes, closing: level) { level += 1 }
        let equals = [UInt8](repeating: UInt8(ascii: "="), count: level)
        // A long string drops a newline right after its opening bracket: one is added before a
        // text that starts with one, so that the text's stays (and a one-line text stays one line).
        let opening = bytes.first == UInt8(ascii: "\n") || bytes.first == UInt8(ascii: "\r") ? "[\n" : "["
        return [UInt8(ascii: "[")] + equals + Array(opening.utf8) + bytes + [UInt8(ascii: "]")] + equals
            + [UInt8(ascii: "]")]
    }

    /// Whether `bytes` holds `]`, `level` times `=`, `]`, or ends in a way that would close with the bracket.
    private static func contains(_ bytes: [UInt8], closing level: Int) -> Bool {
        let closing = [UInt8(ascii: "]")] + [UInt8](repeating: UInt8(ascii: "="), count: level) + [UInt8(ascii: "]")]
        // The text followed by the closing bracket must not close early: test with it appended.
        let text = bytes + closing
        var index = 0
        while index + closing.count <= text.count {
            if text[index..<(index + closing.count)].elementsEqual(closing) {
                return index + closing.count != text.count
            }
            index += 1
        }
        return false
    }
}
