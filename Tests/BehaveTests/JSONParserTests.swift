import Behave
import Testing

/// The JSON parser on its own: values, positions, and every way a file can be bad.
@Suite("JSON parser")
struct JSONParserTests {
    static func parse(_ text: String) throws(JSONParser.Failure) -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    static func failure(_ text: String) -> JSONParser.Failure? {
        do {
            _ = try parse(text)
            return nil
        } catch { return error }
    }

    @Test("numbers keep their text, so integers stay integers")
    func numbers() throws {
        let value = try Self.parse("[1, -2.5, 1e3, 0]")
        guard case .array(let items) = value.kind else {
            Issue.record("not an array")
            return
        }
        let texts = items.map { item -> String in if case .number(let text) = item.kind { text } else { "?" } }
        #expect(texts == ["1", "-2.5", "1e3", "0"])
    }

    @Test("strings decode escapes, \\u sequences and surrogate pairs")
    func strings() throws {
        let value = try Self.parse(#"["a\"b\\c\n", "\u00e9", "\ud83d\ude00"]"#)
        guard case .array(let items) = value.kind else {
            Issue.record("not an array")
            return
        }
        let strings = items.map { item -> String in if case .string(let text) = item.kind { text } else { "?" } }
        #expect(strings == ["a\"b\\c\n", "é", "😀"])
    }

    @Test("a lone surrogate becomes U+FFFD and the escape after it is kept")
    func loneSurrogates() throws {
        let value = try Self.parse(#"["\ud800\u0041", "\udc00x", "\ud800", "\ud83d\ud83d\ude00", "\ud800\n"]"#)
        guard case .array(let items) = value.kind else {
            Issue.record("not an array")
            return
        }
        let strings = items.map { item -> String in if case .string(let text) = item.kind { text } else { "?" } }
        #expect(strings == ["\u{FFFD}A", "\u{FFFD}x", "\u{FFFD}", "\u{FFFD}😀", "\u{FFFD}\n"])
    }

    @Test("a name that appears twice in an object is an error at its second place")
    func duplicateNames() throws {
        let failure = Self.failure("{\"a\": 1,\n \"b\": 2, \"a\": 3}")
        #expect(
            failure?.description
                == "2:10: duplicate member name \"a\" (first at 1:2): each name may appear once in an object")
        // Escapes are compared decoded: "\u0061" is "a".
        #expect(Self.failure(#"{"a": 1, "\u0061": 2}"#) != nil)
        // Past 16 names the check hashes; a repeat far in is still found.
        let many = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        #expect(try Self.parse("{\(many)}")["k39"] != nil)
        #expect(
            Self.failure("{\(many), \"k3\": 0}")?.message.hasPrefix("duplicate member name \"k3\" (first at 1:") == true
        )
        #expect(Self.failure("{\(many), \"k20\": 0}") != nil)
        // The same name in two objects is no repeat.
        #expect(Self.failure(#"[{"a": 1}, {"a": 2}, {"x": {"a": 3}, "a": 4}]"#) == nil)
    }

    @Test("a member name or an escape holding a line break is shown escaped: the message stays one line")
    func lineBreaksInMessages() throws {
        let duplicate = try #require(Self.failure(#"{"a\nb": 1, "a\nb": 2}"#))
        #expect(
            duplicate.message == #"duplicate member name "a\nb" (first at 1:2): each name may appear once in an object"#
        )
        let colon = try #require(Self.failure(#"{"a\rb" 1}"#))
        #expect(colon.message == #"expected ':' after the member name "a\rb", found '1'"#)
        // A backslash, then a raw line feed.
        let escape = try #require(Self.failure("[\"\\\n\"]"))
        #expect(escape.message == #"invalid escape in a string: '\' then byte 0xa"#)
        #expect(escape.position == SourcePosition(line: 1, column: 4))
        #expect(Self.failure(#"["\x"]"#)?.message == #"invalid escape '\x' in a string"#)
        for failure in [duplicate, colon, escape] {
            #expect(!failure.description.utf8.contains { $0 == 10 || $0 == 13 }, "\(failure)")
        }
    }

    @Test("each value knows its line and column; object lookup finds members")
    func positions() throws {
        let value = try Self.parse("{\n  \"name\": \"Greeter\",\n  \"list\": [true, null]\n}")
        #expect(value.position == SourcePosition(line: 1, column: 1))
        #expect(value["name"]?.position == SourcePosition(line: 2, column: 11))
        #expect(value["list"]?.position == SourcePosition(line: 3, column: 11))
        #expect(value["missing"] == nil)
    }

    @Test(
        "bad input fails at the right place with a message, never a crash",
        arguments: [
            ("{\"a\": }", 1, 7),
            ("[1, 2", 1, 6),
            ("[1,]", 1, 4),
            ("\"open", 1, 6),
            ("{\"a\" 1}", 1, 6),
            ("[1] 2", 1, 5),
            ("", 1, 1),
        ])
    func failures(text: String, line: Int, column: Int) throws {
        let failure = try #require(Self.failure(text))
        #expect(failure.position == SourcePosition(line: line, column: column), "\(failure)")
        #expect(!failure.message.isEmpty)
    }

    @Test("nesting deeper than the maximum is an error; at the maximum it parses")
    func depth() throws {
        let deepest = JSONParser.maximumDepth
        _ = try Self.parse(String(repeating: "[", count: deepest) + String(repeating: "]", count: deepest))
        let failure = try #require(
            Self.failure(String(repeating: "[", count: deepest + 1) + String(repeating: "]", count: deepest + 1)))
        #expect(failure.message.contains("\(deepest)"), "\(failure)")
    }

    @Test("bytes that are not UTF-8 are an error")
    func notUTF8() throws {
        do {
            _ = try JSONParser.parse([0x22, 0xff, 0xfe, 0x22])
            Issue.record("invalid UTF-8 parsed")
        } catch {
            #expect(error.position.line == 1)
        }
    }
}
