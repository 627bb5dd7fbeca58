/// Rows of cells laid out in aligned columns: the tools' tables (`behave health`, `behave rehearse`).
package enum TextTable {
    /// The most characters a cell shows. A longer cell is cut, the cut marked with `…`, so that one
    /// long name (a report's fields come from any device) widens no column past it and a table's
    /// size stays in proportion to its rows.
    package static let maximumCellWidth = 64

    /// `rows` as lines: every cell cut to ``maximumCellWidth`` and on one line, each column as wide
    /// as its widest cell and two spaces from the next, the last cell of a row not padded.
    package static func lines(_ rows: [[String]]) -> [String] {
        let cells = rows.map { row in row.map { cut($0, to: maximumCellWidth) } }
        var widths: [Int] = []
        for row in cells {
            for (column, cell) in row.enumerated() {
                if column == widths.count { widths.append(0) }
                widths[column] = max(widths[column], cell.count)
            }
        }
        return cells.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1
                    ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
            }
            .joined()
        }
    }

    /// `text` on one line, at most `width` characters: a longer one is cut, its trailing spaces
    /// dropped and the cut marked with `…`. A control character (a newline, a tab, a terminal's
    /// escape) shows as a space, so that a name neither breaks a row nor drives the terminal.
    package static func cut(_ text: String, to width: Int) -> String {
        let width = max(width, 1)
        // Only the characters that can be shown are looked at: the cost is the width's, not the text's.
        var line = String(text.prefix(width + 1).map { Self.isControl($0) ? " " : $0 })
        guard line.count > width else { return line }
        line = String(line.prefix(width - 1))
        while line.last == " " { line.removeLast() }
        return line + "…"
    }

    /// Whether `character` holds a C0 or C1 control, or DEL.
    private static func isControl(_ character: Character) -> Bool {
        character.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
    }
}
