import Foundation

/// The code examples of the doc comments (`///`) in `Sources/` and `modules/`, and the snippets
/// that tests compile for them: each Swift example is, verbatim, a region between
/// `// snippet: NAME` and `// snippet end` in a test target, most in its `DocCommentSnippets.swift`.
package enum DocComments {
    /// The folders whose doc comments are read.
    package static let trees = ["Sources", "modules"]

    /// A fenced block in a doc comment: where its opening fence is, its language and its body.
    package struct Block {
        /// The file, relative to the package's root.
        package var file: String
        /// The line of the opening fence, from 1.
        package var line: Int
        package var language: String
        /// The lines without `///` and their common indentation, each ending with a newline.
        package var body: String

        /// Whether the block is Swift: labelled `swift`, or not labelled at all.
        package var isSwift: Bool { language.isEmpty || language == "swift" }
    }

    /// Every fenced block in a doc comment of a Swift file under ``trees``, in path order.
    package static func blocks() throws -> [Block] {
        try swiftFiles(under: trees).flatMap { try blocks(in: $0) }
    }

    /// The fenced blocks in the doc comments of `file`.
    package static func blocks(in file: String) throws -> [Block] {
        let lines = try Docs.text(file).split(separator: "\n", omittingEmptySubsequences: false)
        var blocks: [Block] = []
        var opening: (line: Int, language: String)?
        var body: [String] = []
        for (index, line) in lines.enumerated() {
            guard let text = commentText(line) else {
                opening = nil
                continue
            }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if let open = opening {
                if trimmed == "```" {
                    blocks.append(Block(file: file, line: open.line, language: open.language, body: dedented(body)))
                    opening = nil
                } else {
                    body.append(text)
                }
            } else if trimmed.hasPrefix("```") {
                opening = (index + 1, String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces))
                body = []
            }
        }
        return blocks
    }

    /// Where a doc comment holds an indented code block (four spaces after a blank comment line),
    /// as `file:line`: Markdown's other way to write code, which no snippet could be matched to.
    package static func indentedBlocks() throws -> [String] {
        try swiftFiles(under: trees).flatMap { file in
            let lines = try Docs.text(file).split(separator: "\n", omittingEmptySubsequences: false).map(commentText)
            var found: [String] = []
            var inFence = false
            for (index, text) in lines.enumerated() {
                guard let text else { continue }
                if text.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle() }
                if !inFence, text.hasPrefix("    "), index > 0, lines[index - 1] == "" {
                    found.append("\(file):\(index + 1)")
                }
            }
            return found
        }
    }

    /// Every snippet region of the Swift files under `Tests/`, by file and name: those of the
    /// `DocCommentSnippets.swift` files, and those the docs' blocks share with doc comments.
    package static func snippets() throws -> [(file: String, name: String, body: String)] {
        try swiftFiles(under: ["Tests"]).flatMap { file in
            try Docs.text(file).split(separator: "\n").compactMap { line -> String? in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                return trimmed.hasPrefix("// snippet: ") ? String(trimmed.dropFirst("// snippet: ".count)) : nil
            }.map { (file: file, name: $0, body: try Docs.snippet($0, in: file)) }
        }
    }

    /// What follows `///` on a doc comment line, without the one space after it; nil for any other line.
    private static func commentText(_ line: Substring) -> String? {
        let trimmed = line.drop { $0 == " " }
        guard trimmed.hasPrefix("///"), !trimmed.hasPrefix("////") else { return nil }
        let text = trimmed.dropFirst(3)
        return String(text.hasPrefix(" ") ? text.dropFirst() : text)
    }

    private static func dedented(_ lines: [String]) -> String {
        let indent =
            lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.prefix { $0 == " " }.count }
            .min() ?? 0
        return lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }.joined(separator: "\n")
            + "\n"
    }

    /// The `.swift` files under `folders`, relative to the package's root, sorted.
    private static func swiftFiles(under folders: [String]) -> [String] {
        folders.flatMap { folder -> [String] in
            let url = Tool.root.appendingPathComponent(folder)
            let paths = FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String } ?? []
            return paths.filter { $0.hasSuffix(".swift") }.map { folder + "/" + $0 }
        }.sorted()
    }
}
