/// A strict JSON parser (RFC 8259) that remembers where every value starts and reports the
/// first problem as `line:column: expected …, found …`.
///
/// It refuses input that is not UTF-8 and nesting deeper than ``maximumDepth`` (so a
/// 10,000-level file is an error, not a stack overflow).
public struct JSONParser {
    /// How deep arrays and objects may nest.
    public static let maximumDepth = 512

    let bytes: [UInt8]
    var index = 0
    var line = 1
    var lineStart = 0

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

    var position: SourcePosition {
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

    var found: String {
        guard index < bytes.count else { return "end of file" }
        let b = bytes[index]
        if b >= 0x20 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x\(String(b, radix: 16))"
    }

    mutating func fail(_ message: String) -> Failure { Failure(position: position, message: message) }

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

    mutating func skipWhitespace() {
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

    mutating func parseValue(depth: Int) throws(Failure) -> JSONValue {
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
}
