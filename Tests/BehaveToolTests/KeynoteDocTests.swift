import BehaveTestSupport
import Foundation
import Testing

@Suite("docs/behaviours.md: the keynote")
struct KeynoteDocTests {
    @Test("docs/behaviours.md shows the keynote's command and its exact output")
    func docBlock() throws {
        let readme = try Docs.text("docs/behaviours.md")
        let block =
            "$ scripts/behave run scripts/examples/keynote.lua --events scripts/examples/keynote-events.jsonl --fast\n"
            + KeynoteTests.expected + "```"
        #expect(readme.contains(block))
    }
}
