/// A strict JSON parser (RFC 8259) that remembers where every value starts and reports the
/// first problem as `line:column: expected …, found …`.
///
/// It refuses input that is not UTF-8 and nesting deeper than ``maximumDepth`` (so a
/// 10,000-level file is an error, not a stack overflow).
public struct JSONParser {
    /// How deep arrays and objects may nest.
    public static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    /// A parse failure with its position.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var position: SourcePosition
        public var message: String
        public var description: String { "\(position): \(message)" }
    }

    /// Parses a whole document.
    public static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        try parse(bytes, streaming: false) { _ in }
    }

    /// Parses a whole document, handing each element of a top-level array to `each` as soon as it
    /// is parsed, so only one element's tree is held at a time (an action list of many megabytes
    /// never exists as one tree). The array itself comes back empty; any other top-level value
    /// comes back whole, and `each` is not called.
    public static func parse(_ bytes: [UInt8], handingElementsTo each: (JSONValue) -> Void) throws(Failure)
        -> JSONValue
    {
        try parse(bytes, streaming: true, elements: each)
    }

    private static func parse(_ bytes: [UInt8], streaming: Bool, elements each: (JSONValue) -> Void) throws(Failure)
        -> JSONValue
    {
        var parser = JSONParser(bytes: bytes)
        try parser.validateUTF8()
        parser.skipBOM()
        parser.skipWhitespace()
        if parser.index >= bytes.count {
            throw Failure(
                position: parser.position, message: "expected a JSON value, found end of file (the file is empty)")
        }
        let value: JSONValue
        if streaming, parser.bytes[parser.index] == UInt8(ascii: "[") {
            let start = parser.position
            value = try withoutActuallyEscaping(each) { (each) throws(Failure) in
                try parser.parseArray(start: start, depth: 1, handingTo: each)
            }
        } else {
            value = try parser.parseValue(depth: 0)
        }
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw Failure(
                position: parser.position,
                message: "expected end of file after the top-level value, found \(parser.found)")
        }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    // Column cache: positions are asked for in increasing order, so counting characters from
    // the last answer keeps a 10 MB single-line file linear.
    private var cachedLineStart = -1
    private var cachedIndex = 0
    private var cachedColumn = 1

    private var position: SourcePosition {
        mutating get {
            if cachedLineStart != lineStart || cachedIndex > index {
                cachedLineStart = lineStart
                cachedIndex = lineStart
                cachedColumn = 1
            }
            // Columns count characters: skip UTF-8 continuation bytes.
            while cachedIndex < index && cachedIndex < bytes.count {
                if bytes[cachedIndex] & 0xC0 != 0x80 { cachedColumn += 1 }
                cachedIndex += 1
            }
            return SourcePosition(line: line, column: cachedColumn)
        }
    }

    private var found: String {
        guard index < bytes.count else { return "end of file" }
        let b = bytes[index]
        if b >= 0x20 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x\(String(b, radix: 16))"
    }

    private mutating func fail(_ message: String) -> Failure { Failure(position: position, message: message) }

    private mutating func validateUTF8() throws(Failure) {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == 0x0A {
                line += 1
                lineStart = i + 1
            }
            if b < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var minimum: UInt32
            if b & 0xE0 == 0xC0 {
                length = 2
                minimum = 0x80
            } else if b & 0xF0 == 0xE0 {
                length = 3
                minimum = 0x800
            } else if b & 0xF8 == 0xF0 {
                length = 4
                minimum = 0x10000
            } else {
                length = 0
                minimum = 0
            }
            var ok = length > 0 && i + length <= n
            if ok {
                var scalar = UInt32(b) & (0xFF >> (length + 1))
                for k in 1..<length {
                    let c = bytes[i + k]
                    if c & 0xC0 != 0x80 {
                        ok = false
                        break
                    }
                    scalar = scalar << 6 | UInt32(c & 0x3F)
                }
                if ok && (scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar)) { ok = false }
            }
            if !ok {
                index = i
                throw fail("the file is not valid UTF-8 (invalid byte 0x\(String(b, radix: 16)))")
            }
            i += length
        }
        line = 1
        lineStart = 0
    }

    private mutating func skipBOM() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            lineStart = 3
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(Failure) -> JSONValue {
        let start = position
        guard index < bytes.count else { throw fail("expected a value, found end of file (the file is truncated)") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(start: start, depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(start: start, depth: depth + 1)
        case UInt8(ascii: "\""): return JSONValue(kind: .string(try parseString()), position: start)
        case UInt8(ascii: "t"):
            try literal("true")
            return JSONValue(kind: .bool(true), position: start)
        case UInt8(ascii: "f"):
            try literal("false")
            return JSONValue(kind: .bool(false), position: start)
        case UInt8(ascii: "n"):
            try literal("null")
            return JSONValue(kind: .null, position: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(kind: .number(try parseNumber()), position: start)
        default:
            throw fail("expected a value (object, array, string, number, true, false or null), found \(found)")
        }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let text = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for expected in text {
            guard index < bytes.count, bytes[index] == expected else {
                throw fail("expected '\(word)', found \(found)")
            }
            index += 1
        }
    }

    /// An array; with `each`, its elements go there instead of into the value.
    private mutating func parseArray(
        start: SourcePosition, depth: Int, handingTo each: ((JSONValue) -> Void)? = nil
    ) throws(Failure) -> JSONValue {
        if depth > JSONParser.maximumDepth {
            throw fail("arrays and objects nest deeper than \(JSONParser.maximumDepth) levels")
        }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return JSONValue(kind: .array(elements), position: start)
        }
        while true {
            skipWhitespace()
            let element = try parseValue(depth: depth)
            if let each { each(element) } else { elements.append(element) }
            if try !continues(closedBy: "]", after: "an array element") {
                return JSONValue(kind: .array(elements), position: start)
            }
        }
    }

    /// After an element: true at ',' (another follows), false at `close` (the container ends),
    /// an error naming `what` otherwise. Consumes the separator.
    private mutating func continues(closedBy close: Unicode.Scalar, after what: String) throws(Failure) -> Bool {
        skipWhitespace()
        guard index < bytes.count else {
            throw fail("expected ',' or '\(close)' after \(what), found end of file (the file is truncated)")
        }
        if bytes[index] == UInt8(ascii: ",") || bytes[index] == UInt8(ascii: close) {
            index += 1
            return bytes[index - 1] == UInt8(ascii: ",")
        }
        throw fail("expected ',' or '\(close)' after \(what), found \(found)")
    }

    private mutating func parseObject(start: SourcePosition, depth: Int) throws(Failure) -> JSONValue {
        if depth > JSONParser.maximumDepth {
            throw fail("arrays and objects nest deeper than \(JSONParser.maximumDepth) levels")
        }
        index += 1
        var members: [(key: String, keyPosition: SourcePosition, value: JSONValue)] = []
        var names: [String: SourcePosition]?
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return JSONValue(kind: .object(members), position: start)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fail(
                    "expected a member name in double quotes, found \(found)\(index >= bytes.count ? " (the file is truncated)" : "")"
                )
            }
            let keyPosition = position
            let key = try parseString()
            // Two parsers of one document must never disagree on what it says (a signed
            // configuration read by another tool), so a repeated name is an error, not "the last
            // one wins". Small objects search their members; large ones hash, so a hostile object
            // of many names stays linear.
            if let first = names.map({ $0[key] }) ?? members.first(where: { $0.key == key })?.keyPosition {
                throw Failure(
                    position: keyPosition,
                    message:
                        "duplicate member name \"\(key)\" (first at \(first)): each name may appear once in an object")
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw fail("expected ':' after the member name \"\(key)\", found \(found)")
            }
            index += 1
            skipWhitespace()
            members.append((key, keyPosition, try parseValue(depth: depth)))
            if names != nil {
                names![key] = keyPosition
            } else if members.count == 16 {
                names = Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.keyPosition) })
            }
            if try !continues(closedBy: "}", after: "an object member") {
                return JSONValue(kind: .object(members), position: start)
            }
        }
    }

    private mutating func parseString() throws(Failure) -> String {
        index += 1  // opening quote
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                index += 1
                return text
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw fail("control character in a string (escape it as \\u\(String(format4: b)))") }
            index += 1
        }
        var out = Array(bytes[start..<index])
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: out, as: UTF8.self)
            }
            if b < 0x20 { throw fail("control character in a string (escape it as \\u\(String(format4: b)))") }
            if b != UInt8(ascii: "\\") {
                out.append(b)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { break }
            let e = bytes[index]
            index += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar), index + 1 < bytes.count,
                    bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                {
                    index += 2
                    let low = try hex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        // A lone high surrogate becomes U+FFFD; the escape after it is a
                        // character of its own, read again on the next turn.
                        index -= 6
                    }
                }
                let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(character).utf8))
            default:
                index -= 1
                throw fail("invalid escape '\\\(Character(Unicode.Scalar(e)))' in a string")
            }
        }
        throw fail("expected '\"' to end the string, found end of file (the file is truncated)")
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = JSONParser.hexValue(bytes[index]) else {
                throw fail("expected four hexadecimal digits after \\u, found \(found)")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func parseNumber() throws(Failure) -> String {
        let start = index
        func digits() -> Int {
            let s = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                index += 1
            }
            return index - s
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") else {
            throw fail("expected a digit in the number, found \(found)")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                throw fail("numbers cannot have leading zeros")
            }
        } else {
            _ = digits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits() == 0 { throw fail("expected a digit after the decimal point, found \(found)") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            if digits() == 0 { throw fail("expected a digit in the exponent, found \(found)") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }
}
