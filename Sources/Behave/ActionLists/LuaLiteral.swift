/// Writes JSON values, names and text as Lua source: the one writer of Lua literals, for the
/// action lists' translation, the tests made from recordings and the tool's command-line chunks.
package enum LuaLiteral {
    /// A Lua expression for a JSON value: strings quoted, numbers as written (integers stay
    /// integers), arrays and objects as table constructors, `null` as `nil`.
    static func expression(_ value: JSONValue, into out: inout String) {
        switch value.kind {
        case .null: out += "nil"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let text):
            // An integer too large for 64 bits is read by Lua as a float: keep its value.
            out += text
        case .string(let s): quoted(s, into: &out)
        case .array(let items):
            out += "{"
            for (i, item) in items.enumerated() {
                if i > 0 { out += ", " }
                expression(item, into: &out)
            }
            out += "}"
        case .object(let members):
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += ", " }
                out += "["
                quoted(member.key, into: &out)
                out += "] = "
                expression(member.value, into: &out)
            }
            out += "}"
        }
    }

    /// A double-quoted Lua string literal holding exactly `s`'s bytes.
    static func quoted(_ s: String, into out: inout String) {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        bytes.reserveCapacity(s.utf8.count + 2)
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "\n"): bytes += Array("\\n".utf8)
            case UInt8(ascii: "\r"): bytes += Array("\\r".utf8)
            case UInt8(ascii: "\t"): bytes += Array("\\t".utf8)
            case 0..<0x20, 0x7F:
                // Three decimal digits, so a digit that follows is not absorbed into the escape.
                let digits = String(byte)
                bytes += Array(("\\" + String(repeating: "0", count: 3 - digits.count) + digits).utf8)
            default: bytes.append(byte)  // UTF-8 passes through as is
            }
        }
        bytes.append(UInt8(ascii: "\""))
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// Whether a JSON number's text is an integer Lua reads as one.
    static func isIntegral(_ text: String) -> Bool {
        !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) && Int64(text) != nil
    }

    /// Lua's reserved words: built once, as `isIdentifier` runs for every action of a large list.
    static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
        "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    /// Whether `name` can follow a dot (`Module.name`).
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return !keywords.contains(name) && name.utf8.allSatisfy(isNameByte)
    }

    /// Whether `byte` may be part of a Lua name: an ASCII letter, a digit or `_`.
    static func isNameByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// `Module.action` or `Module["odd name"]`.
    static func access(_ module: String, _ action: String) -> String {
        var out = isIdentifier(module) ? module : "_ENV[\(quote(module))]"
        out += isIdentifier(action) ? ".\(action)" : "[\(quote(action))]"
        return out
    }

    static func quote(_ s: String) -> String {
        var out = ""
        quoted(s, into: &out)
        return out
    }
}
