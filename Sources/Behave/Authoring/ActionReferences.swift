/// The `Module.action` references of a Lua script, found without running it, so that `behave
/// check` names a misspelt action with its place, as it does for a JSON action list, and the
/// literal arguments of each call, so that it names a value of the wrong type or a wrong count.
///
/// A scan of the tokens, not a parse: comments and strings are skipped, a module name that the
/// script itself declares or assigns (`local Keynote = …`) is left alone from then on, and an
/// action the script asks about with `has("Module", "action")` is taken as guarded.
package struct ActionReferences {
    /// One `Module.action` or `Module:action` in the source.
    package struct Reference: Equatable {
        package var module: String
        package var action: String
        /// Where the action's name starts.
        package var position: SourcePosition
        /// The arguments of `Module.action(…)` (or `Module.action "…"`, `Module.action {…}`), or
        /// nil when the reference is not called that way (`Module:action`, or stored away).
        package var call: Call?
    }

    /// A call's arguments, as far as a scan of the tokens can tell.
    package struct Call: Equatable {
        package var arguments: [Argument]
        /// Whether the last argument may stand for any number of values (`f()`, `...`).
        package var lastMayExpand: Bool
    }

    /// One argument: a literal's type, or what only running can tell.
    package struct Argument: Equatable {
        package enum Kind: Equatable {
            case string, integer, float, boolean, `nil`, table
            /// A name, an expression, a call: its type is not known before running.
            case unknown
        }
        package var kind: Kind
        package var position: SourcePosition
    }

    /// Every reference to one of `modules` in `source`, in order.
    package private(set) var references: [Reference] = []

    package init(_ source: [UInt8], modules: Set<String>) {
        let tokens = Self.tokens(source)
        var guarded: Set<[String]> = []
        for index in tokens.indices.dropLast(4) {
            if tokens[index].kind == .name("has"), tokens[index + 1].kind == .symbol(UInt8(ascii: "(")),
                case .string(let module) = tokens[index + 2].kind, tokens[index + 3].kind == .symbol(UInt8(ascii: ",")),
                case .string(let action) = tokens[index + 4].kind
            {
                guarded.insert([module, action])
            }
        }
        var shadowed: Set<String> = []
        for (index, token) in tokens.enumerated() {
            guard case .name(let module) = token.kind, modules.contains(module) else { continue }
            let before = index > 0 ? tokens[index - 1].kind : nil
            let after = index + 1 < tokens.count ? tokens[index + 1].kind : nil
            if before == .name("local") || after == .symbol(UInt8(ascii: "=")) { shadowed.insert(module) }
            guard !shadowed.contains(module), before != .symbol(UInt8(ascii: ".")),
                before != .symbol(UInt8(ascii: ":")),
                after == .symbol(UInt8(ascii: ".")) || after == .symbol(UInt8(ascii: ":")),
                index + 2 < tokens.count, case .name(let action) = tokens[index + 2].kind,
                !guarded.contains([module, action])
            else { continue }
            let call = after == .symbol(UInt8(ascii: ".")) ? Self.call(in: tokens, from: index + 3) : nil
            references.append(
                Reference(module: module, action: action, position: tokens[index + 2].position, call: call))
        }
    }

    /// One name in the source, with what stands beside it.
    package struct Name: Equatable {
        package var name: String
        package var position: SourcePosition
        /// After `.` or `:`: a field or method, not a variable.
        package var isField: Bool
        /// Before `.`, `:` or `[`: used as a table, as a module is.
        package var isIndexed: Bool
    }

    /// Every name of `source` outside comments and strings, keywords included, in order: where
    /// a check that knows a name's line finds its column.
    package static func names(in source: [UInt8]) -> [Name] {
        let tokens = tokens(source)
        return tokens.indices.compactMap { index in
            guard case .name(let name) = tokens[index].kind else { return nil }
            let before = index > 0 ? tokens[index - 1].kind : nil
            let after = index + 1 < tokens.count ? tokens[index + 1].kind : nil
            return Name(
                name: name, position: tokens[index].position,
                isField: before == .symbol(UInt8(ascii: ".")) || before == .symbol(UInt8(ascii: ":")),
                isIndexed: after == .symbol(UInt8(ascii: ".")) || after == .symbol(UInt8(ascii: ":"))
                    || after == .symbol(UInt8(ascii: "[")))
        }
    }

    /// The call whose arguments start at `tokens[start]`, if one does.
    private static func call(in tokens: [Token], from start: Int) -> Call? {
        guard start < tokens.count else { return nil }
        switch tokens[start].kind {
        case .string, .longString:
            return Call(arguments: [Argument(kind: .string, position: tokens[start].position)], lastMayExpand: false)
        case .symbol(UInt8(ascii: "{")):
            return Call(arguments: [Argument(kind: .table, position: tokens[start].position)], lastMayExpand: false)
        case .symbol(UInt8(ascii: "(")): break
        default: return nil
        }
        // Split at the commas of this level, up to the matching `)`.
        var groups: [[Token]] = [[]]
        var depth = 0
        var index = start + 1
        while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case .symbol(UInt8(ascii: "(")), .symbol(UInt8(ascii: "{")), .symbol(UInt8(ascii: "[")): depth += 1
            case .symbol(UInt8(ascii: ")")) where depth == 0:
                if groups.count == 1, groups[0].isEmpty { return Call(arguments: [], lastMayExpand: false) }
                let arguments = groups.map(argument)
                // A last argument that is more than a name may be a call or `...`: any number of values.
                let last = groups.last ?? []
                var expands = arguments.last?.kind == .unknown
                if last.count == 1, case .name = last[0].kind { expands = false }
                return Call(arguments: arguments, lastMayExpand: expands)
            case .symbol(UInt8(ascii: ")")), .symbol(UInt8(ascii: "}")), .symbol(UInt8(ascii: "]")): depth -= 1
            case .symbol(UInt8(ascii: ",")) where depth == 0:
                groups.append([])
                index += 1
                continue
            default: break
            }
            groups[groups.count - 1].append(token)
            index += 1
        }
        return nil  // unclosed: the syntax check says so
    }

    /// What one argument's tokens are, when they are a single literal.
    private static func argument(_ tokens: [Token]) -> Argument {
        let position = tokens.first?.position ?? SourcePosition(line: 0, column: 0)
        if tokens.count == 1 {
            switch tokens[0].kind {
            case .string, .longString: return Argument(kind: .string, position: position)
            case .number(let text):
                let integral = LuaLiteral.isIntegral(text) || (text.hasPrefix("0x") && !text.contains("."))
                return Argument(kind: integral ? .integer : .float, position: position)
            case .name("true"), .name("false"): return Argument(kind: .boolean, position: position)
            case .name("nil"): return Argument(kind: .nil, position: position)
            default: break
            }
        }
        // `{…}` and nothing after its closing brace.
        if tokens.first?.kind == .symbol(UInt8(ascii: "{")) {
            var depth = 0
            for (offset, token) in tokens.enumerated() {
                if case .symbol(let byte) = token.kind {
                    if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") {
                        depth += 1
                    }
                    if byte == UInt8(ascii: "}") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") {
                        depth -= 1
                    }
                }
                if depth == 0 {
                    return Argument(kind: offset == tokens.count - 1 ? .table : .unknown, position: position)
                }
            }
        }
        return Argument(kind: .unknown, position: position)
    }

    private enum Kind: Equatable {
        case name(String)
        /// A short string's text as written, escapes included.
        case string(String)
        case longString
        /// A numeral as written (its exponent's sign excluded).
        case number(String)
        case symbol(UInt8)
        case other
    }

    private struct Token {
        var kind: Kind
        var position: SourcePosition
    }

    /// Names, one-byte symbols and the rest, with comments, strings and numbers passed over.
    private static func tokens(_ source: [UInt8]) -> [Token] {
        var lexer = Lexer(source)
        while lexer.i < source.count { lexer.next() }
        return lexer.tokens
    }

    /// One pass over a script's bytes: where it is, on which line, and the tokens so far.
    private struct Lexer {
        let source: [UInt8]
        var tokens: [Token] = []
        var i = 0
        var line = 1
        var lineStart = 0
        // Characters from the line's start to `countedTo`: tokens come in order, so each column
        // counts on from the last one, and a file on one long line stays linear.
        var counted = 0
        var countedTo = 0

        init(_ source: [UInt8]) { self.source = source }

        mutating func position(_ at: Int) -> SourcePosition {
            if countedTo < lineStart || countedTo > at {
                countedTo = lineStart
                counted = 0
            }
            // Columns count characters: every byte but UTF-8's continuation bytes.
            counted += source[countedTo..<at].count { $0 & 0xC0 != 0x80 }
            countedTo = at
            return SourcePosition(line: line, column: counted + 1)
        }

        mutating func skip(to end: Int) {
            while i < end && i < source.count {
                if source[i] == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = i + 1
                }
                i += 1
            }
        }

        /// Reads the token (or comment, or blank) that starts at `i`.
        mutating func next() {
            let byte = source[i]
            if byte == UInt8(ascii: "-"), i + 1 < source.count, source[i + 1] == UInt8(ascii: "-") {
                if let close = longBracketEnd(source, from: i + 2) {
                    skip(to: close)
                } else {
                    while i < source.count, source[i] != UInt8(ascii: "\n") { i += 1 }
                }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                shortString(quote: byte)
            } else if byte == UInt8(ascii: "["), let close = longBracketEnd(source, from: i) {
                let start = position(i)
                skip(to: close)
                tokens.append(Token(kind: .longString, position: start))
            } else if LuaLiteral.isNameByte(byte) {
                nameOrNumber(startingWith: byte)
            } else if byte == UInt8(ascii: "=") || byte == UInt8(ascii: "~") || byte == UInt8(ascii: "<")
                || byte == UInt8(ascii: ">")
            {
                // `==`, `~=`, `<=`, `>=` are one token: only a lone `=` assigns.
                let pair = i + 1 < source.count && source[i + 1] == UInt8(ascii: "=")
                tokens.append(
                    Token(kind: pair || byte != UInt8(ascii: "=") ? .other : .symbol(byte), position: position(i)))
                i += pair ? 2 : 1
            } else if byte == UInt8(ascii: "."), i + 1 < source.count, source[i + 1] == UInt8(ascii: ".") {
                tokens.append(Token(kind: .other, position: position(i)))
                while i < source.count, source[i] == UInt8(ascii: ".") { i += 1 }
            } else if byte == UInt8(ascii: ":"), i + 1 < source.count, source[i + 1] == UInt8(ascii: ":") {
                tokens.append(Token(kind: .other, position: position(i)))
                i += 2
            } else if byte == UInt8(ascii: "\n") {
                skip(to: i + 1)
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                i += 1
            } else {
                tokens.append(Token(kind: .symbol(byte), position: position(i)))
                i += 1
            }
        }

        /// A short string opened by `quote` at `i`: its text as written, to the closing quote or
        /// the line's end.
        mutating func shortString(quote: UInt8) {
            var j = i + 1
            while j < source.count, source[j] != quote, source[j] != UInt8(ascii: "\n") {
                j += source[j] == UInt8(ascii: "\\") ? 2 : 1
            }
            let start = position(i)
            let text = String(decoding: source[(i + 1)..<min(j, source.count)], as: UTF8.self)
            skip(to: j + 1)
            tokens.append(Token(kind: .string(text), position: start))
        }

        /// A name, or a numeral when `byte` is a digit.
        mutating func nameOrNumber(startingWith byte: UInt8) {
            var j = i
            while j < source.count, LuaLiteral.isNameByte(source[j]) { j += 1 }
            let isNumber = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            let at = position(i)
            let begin = i
            i = j
            // A number's fraction (1.5) is no field access.
            if isNumber, i < source.count, source[i] == UInt8(ascii: ".") {
                i += 1
                while i < source.count, LuaLiteral.isNameByte(source[i]) { i += 1 }
            }
            let text = String(decoding: source[begin..<i], as: UTF8.self)
            tokens.append(Token(kind: isNumber ? .number(text) : .name(text), position: at))
        }
    }

    /// The index past a long bracket (`[[…]]`, `[==[…]==]`) opening at `start`, or nil when none
    /// opens there. An unclosed one runs to the end of the source.
    private static func longBracketEnd(_ source: [UInt8], from start: Int) -> Int? {
        guard start < source.count, source[start] == UInt8(ascii: "[") else { return nil }
        var level = 0
        var j = start + 1
        while j < source.count, source[j] == UInt8(ascii: "=") {
            level += 1
            j += 1
        }
        guard j < source.count, source[j] == UInt8(ascii: "[") else { return nil }
        let close = [UInt8(ascii: "]")] + Array(repeating: UInt8(ascii: "="), count: level) + [UInt8(ascii: "]")]
        var k = j + 1
        while k + close.count <= source.count {
            if source[k] == UInt8(ascii: "]"), Array(source[k..<(k + close.count)]) == close { return k + close.count }
            k += 1
        }
        return source.count
    }
}
