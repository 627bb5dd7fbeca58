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

    mutating func insert(_ character: Character) {
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

    mutating func deleteWordBackward() {
        var start = cursor
        while start > 0, text[start - 1] == " " { start -= 1 }
        while start > 0, text[start - 1] != " " { start -= 1 }
        text.removeSubrange(start..<cursor)
        cursor = start
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
