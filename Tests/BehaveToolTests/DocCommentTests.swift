import BehaveTestSupport
import Foundation
import Testing

/// The docs' rule, extended to DocC: every Swift example in a doc comment is a snippet that a
/// test target compiles (its `DocCommentSnippets.swift`), so an API change that breaks an
/// example breaks the build instead of a reader's first try.
@Suite("Doc comments: every Swift example is compiled")
struct DocCommentTests {
    @Test("every Swift block in a doc comment is, verbatim, a snippet a test target compiles")
    func everyExampleIsASnippet() throws {
        let blocks = try DocComments.blocks().filter(\.isSwift)
        let snippets = try DocComments.snippets()
        // The examples of the host, the bridge, remote loading and the tool: finding few means
        // the scan went wrong, not that the examples went away.
        #expect(blocks.count > 20, "found only \(blocks.count) Swift blocks in doc comments")
        let bodies = Set(snippets.map(\.body))
        for block in blocks where !bodies.contains(block.body) {
            Issue.record(
                """
                \(block.file):\(block.line): this doc comment example is no snippet of a test \
                target (its DocCommentSnippets.swift), so nothing compiles it:
                \(block.body)
                """)
        }
        let examples = Set(blocks.map(\.body))
        for snippet in snippets where snippet.file.hasSuffix("/DocCommentSnippets.swift") {
            guard !examples.contains(snippet.body) else { continue }
            Issue.record("\(snippet.file): snippet '\(snippet.name)' is no doc comment's example any more")
        }
    }

    @Test("no doc comment writes code as an indented block, which the fenced-block check would miss")
    func noIndentedBlocks() throws {
        #expect(try DocComments.indentedBlocks() == [], "fence these as ```swift (or ```text) blocks")
    }

    @Test("each snippet name is used once per file, so Docs.snippet reads the region meant")
    func snippetNamesAreUnique() throws {
        let snippets = try DocComments.snippets()
        #expect(!snippets.isEmpty)
        for (file, names) in Dictionary(grouping: snippets, by: \.file).mapValues({ $0.map(\.name) }) {
            #expect(Set(names).count == names.count, "\(file) repeats a snippet name")
        }
    }

    @Test("blocks in doc comments are read with their language, and only between fences")
    func blocksAreRead() throws {
        let blocks = try DocComments.blocks(in: "Sources/Behave/Authoring/Requirements.swift")
        #expect(blocks.map(\.language) == ["lua"])
        #expect(blocks.first?.body.hasPrefix("-- requires: ") == true)
        #expect(blocks.first?.isSwift == false)
    }
}
