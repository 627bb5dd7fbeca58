import Behave
import BehavePlatform

/// A small Emacs-style line editor for the REPL, on a terminal in raw mode: moving and
/// deleting by character, word and line, history (Up/Down, Ctrl-P/N, Ctrl-R search), Tab
/// completion, Ctrl-C to drop the line, Ctrl-D on an empty line to end. Columns are counted in
/// display width, so wide characters (`日本語`) and combining marks keep the cursor in place.
///
/// Keys: Left/Right, Ctrl-B/F, Alt-B/F and Ctrl-Left/Right (by word), Home/End, Ctrl-A/E,
/// Backspace, Delete, Ctrl-D (on text), Alt-Backspace (word before), Alt-D (word after), Ctrl-K
/// (to end), Ctrl-U (to start), Ctrl-W (to the whitespace before), Ctrl-L (clear screen), Tab,
/// Ctrl-R (search history: type to narrow, Ctrl-R for older, Enter to run, Ctrl-G to cancel,
/// any other key to edit the match).
struct LineEditor {
    /// What a read gave.
    enum Input: Equatable {
        case line(String)
        /// Ctrl-C: the line was dropped.
        case interrupted
        /// Ctrl-D on an empty line, or the terminal closed.
        case end
    }

    /// Given the text before the cursor, what the word there can become.
    var complete: (String) -> SessionCompletion = { _ in SessionCompletion(partial: "", candidates: []) }

    private let input: Int32
    private let output: Int32

    init(input: Int32 = 0, output: Int32 = 1) {
        self.input = input
        self.output = output
    }

    /// Reads one line after `prompt`, with `history` to move through (oldest first).
    func read(prompt: String, history: [String]) -> Input {
        guard var raw = TerminalMode.raw(input) else { return .end }
        defer { raw.restore() }
        var state = EditState(history: history)
        Terminal.write(prompt, to: output)
        var lastWasTab = false
        var pending: Key?
        while true {
            guard let key = pending ?? nextKey() else { return .end }
            pending = nil
            let wasTab = lastWasTab
            lastWasTab = false
            switch key {
            case .enter:
                Terminal.write("\r\n", to: output)
                return .line(String(state.text))
            case .control("c"):
                Terminal.write("^C\r\n", to: output)
                return .interrupted
            case .control("d"):
                if state.text.isEmpty {
                    Terminal.write("\r\n", to: output)
                    return .end
                }
                state.deleteForward()
            case .character(let c):
                let atEnd = state.cursor == state.text.count
                state.insert(c)
                if atEnd, !state.text.contains("\n"),
                    DisplayWidth.of(prompt) + DisplayWidth.of(state.text) < Terminal.columns(output)
                {
                    // Typing at the end of a line that fits: the character is all that changes.
                    Terminal.write(String(c), to: output)
                    continue
                }
            case .backspace: state.deleteBackward()
            case .delete: state.deleteForward()
            case .left, .control("b"): state.cursor = max(0, state.cursor - 1)
            case .right, .control("f"): state.cursor = min(state.text.count, state.cursor + 1)
            case .home, .control("a"): state.cursor = 0
            case .end, .control("e"): state.cursor = state.text.count
            case .control("k"): state.text.removeSubrange(state.cursor...)
            case .control("u"):
                state.text.removeSubrange(..<state.cursor)
                state.cursor = 0
            case .control("w"): state.deleteWordBackward()
            case .wordLeft: state.cursor = state.previousWordStart
            case .wordRight: state.cursor = state.nextWordEnd
            case .deleteWordBackward: state.deleteWordPart()
            case .deleteWordForward: state.deleteWordForward()
            case .control("r"):
                switch search(&state) {
                case .run:
                    redraw(state, prompt: prompt)
                    Terminal.write("\r\n", to: output)
                    return .line(String(state.text))
                case .edit(let key): pending = key
                case .cancel, .end: break
                }
            case .up, .control("p"): state.recall(-1)
            case .down, .control("n"): state.recall(+1)
            case .control("l"): Terminal.write("\u{1B}[H\u{1B}[2J", to: output)
            case .tab:
                lastWasTab = true
                completeWord(&state, listing: wasTab, prompt: prompt)
            default:
                Terminal.write("\u{07}", to: output)
            }
            redraw(state, prompt: prompt)
        }
    }

    private func completeWord(_ state: inout EditState, listing: Bool, prompt: String) {
        let before = String(state.text[..<state.cursor])
        let completion = complete(before)
        let (partial, candidates, common) = (completion.partial, completion.candidates, completion.commonPrefix)
        if candidates.count == 1 {
            state.insert(contentsOf: candidates[0].dropFirst(partial.count))
        } else if common.count > partial.count {
            state.insert(contentsOf: common.dropFirst(partial.count))
        } else if candidates.isEmpty {
            Terminal.write("\u{07}", to: output)
        } else if listing {
            Terminal.write("\r\n" + Self.columns(candidates, width: Terminal.columns(output)) + "\r\n", to: output)
        } else {
            Terminal.write("\u{07}", to: output)  // a second Tab lists them, as in bash
        }
    }

    /// Candidates laid out in columns across a terminal `width` columns wide.
    static func columns(_ names: [String], width terminalWidth: Int) -> String {
        let width = (names.map(\.count).max() ?? 0) + 2
        let perLine = max(1, terminalWidth / width)
        var lines: [String] = []
        var index = 0
        while index < names.count {
            let row = names[index..<min(index + perLine, names.count)]
            lines.append(row.map { $0 + String(repeating: " ", count: width - $0.count) }.joined())
            index += perLine
        }
        return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\r\n")
    }

    /// Draws the line on its row. A line wider than the terminal scrolls sideways to keep the
    /// cursor in view, so it never wraps onto a row the next redraw would not clear. Widths are
    /// display columns; a recalled chunk's newlines show as ``DisplayWidth/newlineGlyph``.
    private func redraw(_ state: EditState, prompt: String) {
        let room = max(8, Terminal.columns(output) - DisplayWidth.of(prompt) - 1)
        let text = state.text
        var start = 0
        var before = DisplayWidth.of(text[..<state.cursor])
        while before > room, start < state.cursor {
            before -= DisplayWidth.of(text[start])
            start += 1
        }
        var end = start
        var width = 0
        while end < text.count, width + DisplayWidth.of(text[end]) <= room {
            width += DisplayWidth.of(text[end])
            end += 1
        }
        let visible = text[start..<end].map { $0 == "\n" ? DisplayWidth.newlineGlyph : $0 }
        var line = "\r" + prompt + String(visible) + "\u{1B}[K"
        let after = state.cursor < end ? DisplayWidth.of(text[state.cursor..<end]) : 0
        if after > 0 { line += "\u{1B}[\(after)D" }
        Terminal.write(line, to: output)
    }

    /// How a Ctrl-R search ended.
    enum SearchEnd: Equatable {
        /// Enter: run the match.
        case run
        /// Another key: the match is the line, and the key edits it.
        case edit(Key)
        /// Ctrl-G or Ctrl-C: the line is as it was.
        case cancel
        /// The input ended.
        case end
    }

    /// Ctrl-R: searches history backwards for what is typed, bash's `(reverse-i-search)`.
    private func search(_ state: inout EditState) -> SearchEnd {
        let original = state
        var query = ""
        var match: Int?
        var failed = false
        while true {
            let shown = match.map { state.entry($0) } ?? (failed ? "" : String(original.text))
            let glyphs = String(shown.map { $0 == "\n" ? DisplayWidth.newlineGlyph : $0 })
            let label = failed ? "(failed reverse-i-search)" : "(reverse-i-search)"
            Terminal.write("\r\(label)`\(query)': \(glyphs)\u{1B}[K", to: output)
            guard let key = nextKey() else { return .end }
            switch key {
            case .character(let c):
                query.append(c)
                let found = state.search(query, before: (match ?? state.historyCount) + 1)
                failed = found == nil
                if let found { match = found }
            case .backspace:
                guard !query.isEmpty else { continue }
                query.removeLast()
                let found = state.search(query, before: state.historyCount)
                failed = found == nil && !query.isEmpty
                match = found
            case .control("r"):
                let found = state.search(query, before: match ?? state.historyCount)
                if let found { match = found } else { Terminal.write("\u{07}", to: output) }
            case .control("g"), .control("c"):
                state = original
                return .cancel
            case .enter:
                if let match { state.take(match) }
                return .run
            default:
                if let match { state.take(match) }
                return .edit(key)
            }
        }
    }

    // MARK: Keys

    enum Key: Equatable {
        case character(Character)
        case control(Character)
        case enter, tab, backspace, delete, left, right, up, down, home, end, unknown
        case wordLeft, wordRight, deleteWordBackward, deleteWordForward
    }

    /// The next key, decoding UTF-8 and the usual escape sequences; nil at the end of input.
    private func nextKey() -> Key? {
        guard let byte = readByte() else { return nil }
        switch byte {
        case 0x0D, 0x0A: return .enter
        case 0x09: return .tab
        case 0x7F, 0x08: return .backspace
        case 0x1B: return escapeSequence()
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(byte + 0x60)))
        case 0x00..<0x20: return .unknown
        default:
            var bytes = [byte]
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            while bytes.count < length, let next = readByte() { bytes.append(next) }
            guard let text = String(validating: bytes, as: UTF8.self), let character = text.first else {
                return .unknown
            }
            return .character(character)
        }
    }

    private func escapeSequence() -> Key {
        guard waitForByte(milliseconds: 50), let introducer = readByte() else { return .unknown }
        // Alt-KEY is ESC then KEY.
        switch introducer {
        case UInt8(ascii: "b"), UInt8(ascii: "B"): return .wordLeft
        case UInt8(ascii: "f"), UInt8(ascii: "F"): return .wordRight
        case UInt8(ascii: "d"), UInt8(ascii: "D"): return .deleteWordForward
        case 0x7F, 0x08: return .deleteWordBackward
        default: break
        }
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else { return .unknown }
        var parameters = ""
        while let byte = readByte() {
            let scalar = Unicode.Scalar(byte)
            if ("0"..."9").contains(scalar) || scalar == ";" {
                parameters.unicodeScalars.append(scalar)
                continue
            }
            switch (scalar, parameters) {
            case ("A", _): return .up
            case ("B", _): return .down
            // Ctrl- or Alt-Right and -Left (`1;5C`, `1;3D`) move by word, as in readline.
            case ("C", let p): return p.hasSuffix(";5") || p.hasSuffix(";3") ? .wordRight : .right
            case ("D", let p): return p.hasSuffix(";5") || p.hasSuffix(";3") ? .wordLeft : .left
            case ("H", _): return .home
            case ("F", _): return .end
            case ("~", "1"), ("~", "7"): return .home
            case ("~", "4"), ("~", "8"): return .end
            case ("~", "3"): return .delete
            default: return .unknown
            }
        }
        return .unknown
    }

    private func waitForByte(milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }

    private func readByte() -> UInt8? {
        var byte: UInt8 = 0
        let n = withUnsafeMutableBytes(of: &byte) { Platform.read(input, into: $0) }
        return n == 1 ? byte : nil
    }
}
