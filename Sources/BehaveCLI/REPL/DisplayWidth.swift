/// How many terminal columns text takes: East Asian wide and fullwidth characters and emoji take
/// two, a character that is only a combining mark or a zero-width joiner takes none, and others
/// one. Marks that follow a base character are part of its `Character`, so they add nothing.
enum DisplayWidth {
    /// What the editor draws for a newline inside a recalled multi-line chunk.
    static let newlineGlyph: Character = "↵"

    /// The columns `character` takes (a newline is drawn as ``newlineGlyph``).
    static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character == "\n" { return 1 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }  // emoji presentation
        if first.properties.isEmojiPresentation || isWide(first.value) { return 2 }
        return 1
    }

    /// The columns of a run of characters.
    static func of(_ characters: some Sequence<Character>) -> Int { characters.reduce(0) { $0 + of($1) } }

    /// East Asian Wide and Fullwidth ranges (Unicode's EastAsianWidth.txt, W and F).
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
            0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
