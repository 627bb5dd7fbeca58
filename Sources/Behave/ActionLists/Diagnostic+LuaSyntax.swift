import BehaveLua

/// Diagnostics for Lua errors: where a syntax error points, to the column.
extension Diagnostic {
    /// An error diagnostic for a Lua error (a syntax error, usually), at its chunk and line.
    /// Lua reports no column; given the `source`, the column is where the token the message
    /// names (`near '@'`) stands on that line, or the line's end for `near <eof>`.
    public init(_ error: LuaError, file: String, source: [UInt8]? = nil) {
        self.init(
            .error, file: error.chunkName ?? file,
            at: error.line.map { line in
                SourcePosition(
                    line: line, column: source.map { Diagnostic.column(of: error.text, in: $0, line: line) } ?? 1)
            }, error.text)
    }

    /// The column (in characters, from 1) of the token `message` ends with on `line` of `source`;
    /// 1 when it cannot be found there. Where the token appears more than once on the line, the
    /// one Lua stopped at is the first whose end, as the end of the source, gives the same error.
    static func column(of message: String, in source: [UInt8], line: Int) -> Int {
        var start = 0
        var current = 1
        while current < line {
            guard let newline = source[start...].firstIndex(of: 0x0A) else { return 1 }
            start = newline + 1
            current += 1
        }
        let end = source[start...].firstIndex(of: 0x0A) ?? source.count
        let text = source[start..<end]
        func characters(_ bytes: ArraySlice<UInt8>) -> Int { bytes.count { $0 & 0xC0 != 0x80 } }
        if message.hasSuffix(" near <eof>") { return characters(text.last == 0x0D ? text.dropLast() : text) + 1 }
        guard let token = nearToken(message), token.count <= text.count else { return 1 }
        let isNameByte = LuaLiteral.isNameByte
        // A name or number must stand alone: 'a' is not the a in `local`.
        let word = isNameByte(token[0])
        let places = (text.startIndex...(text.endIndex - token.count)).filter { i in
            text[i..<(i + token.count)].elementsEqual(token)
                && (!word
                    || ((i == text.startIndex || !isNameByte(text[i - 1]))
                        && (i + token.count == text.endIndex || !isNameByte(text[i + token.count]))))
        }
        guard let first = places.first else { return 1 }
        // Each try compiles everything before the line: a few, and only for a source of modest size.
        if places.count > 1, end <= 1 << 20, let lua = try? LuaState() {
            for place in places.prefix(8) {
                do { _ = try lua.load(source[..<(place + token.count)], chunkName: "=column") } catch let error
                    as LuaError
                {
                    if error.line == line, nearToken(error.text) == token, error.text == message {
                        return characters(text[text.startIndex..<place]) + 1
                    }
                } catch {}
            }
        }
        return characters(text[text.startIndex..<first]) + 1
    }

    /// The bytes of the token a Lua syntax error names (`near 'x'`), nil if it names none.
    private static func nearToken(_ message: String) -> [UInt8]? {
        let bytes = Array(message.utf8)
        let marker = Array(" near '".utf8)
        guard bytes.last == UInt8(ascii: "'"),
            let near = (0...max(0, bytes.count - marker.count)).last(where: { bytes[$0...].starts(with: marker) })
        else { return nil }
        let token = Array(bytes[(near + marker.count)..<(bytes.count - 1)])
        // A byte Lua cannot print is written `<\195>`.
        if token.count > 3, token.starts(with: [UInt8(ascii: "<"), UInt8(ascii: "\\")]),
            token.last == UInt8(ascii: ">"),
            let byte = UInt8(String(decoding: token.dropFirst(2).dropLast(), as: UTF8.self))
        {
            return [byte]
        }
        return token.isEmpty ? nil : token
    }
}
