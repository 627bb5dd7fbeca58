import Behave

/// The line being edited and where in history it is.
struct EditState {
    var text: [Character] = []
    var cursor = 0
    private var history: [String]
    private var position: Int
    private var draft: [Character] = []

    init(history: [String]) {
        self.history = history
        position = history.count
    }

    /// Inserts a typed character. A combining mark joins the character before it, as the
    /// terminal draws them: one character to move over and to delete.
    mutating func insert(_ character: Character) {
        if cursor > 0 {
            let joined = String(text[cursor - 1]) + String(character)
            if joined.count == 1, let single = joined.first {
                text[cursor - 1] = single
                return
            }
        }
        text.insert(character, at: cursor)
        cursor += 1
    }

    mutating func insert(contentsOf characters: some Collection<Character>) {
        text.insert(contentsOf: characters, at: cursor)
        cursor += characters.count
    }

    mutating func deleteBackward() {
        guard cursor > 0 else { return }
        cursor -= 1
        text.remove(at: cursor)
    }

    mutating func deleteForward() {
        guard cursor < text.count else { return }
        text.remove(at: cursor)
    }

    /// Ctrl-W: back to the previous whitespace.
    mutating func deleteWordBackward() {
        var start = cursor
        while start > 0, text[start - 1].isWhitespace { start -= 1 }
        while start > 0, !text[start - 1].isWhitespace { start -= 1 }
        text.removeSubrange(start..<cursor)
        cursor = start
    }

    /// Whether `character` is part of a word for Alt-B, Alt-F and Alt-Backspace: letters, digits
    /// and `_`, so `Module.action(x)` is three words, as in Emacs and readline.
    static func isWord(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }

    /// Where the word before the cursor starts.
    var previousWordStart: Int {
        var index = cursor
        while index > 0, !Self.isWord(text[index - 1]) { index -= 1 }
        while index > 0, Self.isWord(text[index - 1]) { index -= 1 }
        return index
    }

    /// Where the word after the cursor ends.
    var nextWordEnd: Int {
        var index = cursor
        while index < text.count, !Self.isWord(text[index]) { index += 1 }
        while index < text.count, Self.isWord(text[index]) { index += 1 }
        return index
    }

    /// Alt-Backspace: the word before the cursor, back to its start.
    mutating func deleteWordPart() {
        let start = previousWordStart
        text.removeSubrange(start..<cursor)
        cursor = start
    }

    /// Alt-D: the word after the cursor.
    mutating func deleteWordForward() {
        text.removeSubrange(cursor..<nextWordEnd)
    }

    /// The newest history entry before `index` (``history``'s count for the newest) that
    /// contains `query`, for Ctrl-R.
    func search(_ query: String, before index: Int) -> Int? {
        guard !query.isEmpty else { return nil }
        var candidate = min(index, history.count) - 1
        while candidate >= 0 {
            if history[candidate].contains(query) { return candidate }
            candidate -= 1
        }
        return nil
    }

    /// History entry `index`, for the search's display.
    func entry(_ index: Int) -> String { history[index] }

    /// How many history entries there are.
    var historyCount: Int { history.count }

    /// Makes history entry `index` the line, as Up would reach it, cursor at the end.
    mutating func take(_ index: Int) {
        if position == history.count { draft = text }
        position = index
        text = Array(history[index])
        cursor = text.count
    }

    /// Moves through history by `step` (-1 older, +1 newer); the line being typed is kept as
    /// the newest entry.
    mutating func recall(_ step: Int) {
        let target = position + step
        guard target >= 0, target <= history.count else { return }
        if position == history.count { draft = text }
        position = target
        text = target == history.count ? draft : Array(history[target])
        cursor = text.count
    }
}
