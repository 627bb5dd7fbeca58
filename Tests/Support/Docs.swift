import Foundation

/// The docs' code, for the tests that run it: every fenced block in `README.md`, `docs/*.md` and
/// the DocC articles carries a `<!-- block: NAME -->` line above it, and code that a test
/// compiles sits in a source file between `// snippet: NAME` and `// snippet end`.
package enum Docs {
    /// The files whose blocks must all be tested.
    package static var files: [String] {
        let docs =
            (try? FileManager.default.contentsOfDirectory(atPath: Tool.root.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 } + articles
    }

    /// The DocC catalogs' articles.
    package static let articles = [
        "Sources/BehaveLua/BehaveLua.docc/GettingStarted.md", "Sources/Behave/Behave.docc/GettingStarted.md",
    ]

    package static func text(_ file: String) throws -> String {
        try String(contentsOf: Tool.root.appendingPathComponent(file), encoding: .utf8)
    }

    /// A fenced block: its name (nil when the line above names none), language and body.
    package struct Block: Equatable {
        package var name: String?
        package var language: String
        package var body: String
    }

    /// Every fenced block of `file`, in order.
    package static func blocks(in file: String) throws -> [Block] {
        let lines = try text(file).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            guard lines[index].hasPrefix("```") else {
                index += 1
                continue
            }
            let previous = index > 0 ? lines[index - 1] : ""
            var name: String?
            if previous.hasPrefix("<!-- block: "), previous.hasSuffix(" -->") {
                name = String(previous.dropFirst("<!-- block: ".count).dropLast(" -->".count))
            }
            let language = String(lines[index].dropFirst(3))
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index] != "```" {
                body.append(lines[index])
                index += 1
            }
            index += 1
            blocks.append(Block(name: name, language: language, body: body.joined(separator: "\n") + "\n"))
        }
        return blocks
    }

    /// The body of the block named `name` in `file`.
    package static func block(_ name: String, in file: String) throws -> String {
        let found = try blocks(in: file).filter { $0.name == name }
        guard found.count == 1, let block = found.first else {
            throw Missing(what: "\(found.isEmpty ? "no" : "more than one") block '\(name)' in \(file)")
        }
        return block.body
    }

    /// The lines of `file` between `// snippet: name` and `// snippet end`, without their common
    /// indentation and without lines marked `// (test)` (set-up a reader does not need).
    package static func snippet(_ name: String, in file: String) throws -> String {
        let lines = try text(file).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "// snippet: \(name)" }),
            let end = lines[start...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "// snippet end" })
        else {
            throw Missing(what: "no snippet '\(name)' in \(file)")
        }
        let kept = lines[(start + 1)..<end].filter { !$0.contains("// (test)") }
        let indent =
            kept.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return kept.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }.joined(separator: "\n")
            + "\n"
    }

    package struct Missing: Error, CustomStringConvertible {
        package var what: String
        package var description: String { what }
    }
}
