import Behave
import BehavePlatform

/// A small Emacs-style line editor for the REPL, on a terminal in raw mode: moving and
/// deleting by character, word and line, history (Up/Down, Ctrl-P/N), Tab completion,
/// Ctrl-C to drop the line, Ctrl-D on an empty line to end.
///
/// Keys: Left/Right, Ctrl-B/F, Home/End, Ctrl-A/E, Backspace, Delete, Ctrl-D (on text),
/// Ctrl-K (to end), Ctrl-U (to start), Ctrl-W (word before), Ctrl-L (clear screen), Tab.
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
        while true {
            guard let key = nextKey() else { return .end }
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
                if atEnd, prompt.count + state.text.count < Terminal.columns(output) {
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
    /// cursor in view, so it never wraps onto a row the next redraw would not clear.
    private func redraw(_ state: EditState, prompt: String) {
        let room = max(8, Terminal.columns(output) - prompt.count - 1)
        let start = max(0, state.cursor - room)
        let visible = state.text[start..<min(state.text.count, start + room)]
        var line = "\r" + prompt + String(visible) + "\u{1B}[K"
        let after = start + visible.count - state.cursor
        if after > 0 { line += "\u{1B}[\(after)D" }
        Terminal.write(line, to: output)
    }

    // MARK: Keys

    enum Key: Equatable {
        case character(Character)
        case control(Character)
        case enter, tab, backspace, delete, left, right, up, down, home, end, unknown
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
            case ("C", _): return .right
            case ("D", _): return .left
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
