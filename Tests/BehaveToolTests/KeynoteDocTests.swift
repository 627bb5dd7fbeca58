import BehaveTestSupport
import Foundation
import Testing

@Suite("docs/behaviours.md: the keynote")
struct KeynoteDocTests {
    @Test("docs/behaviours.md shows the keynote's command and its exact output")
    func docBlock() throws {
        let readme = try Docs.text("docs/behaviours.md")
        let block =
            "$ scripts/behave run --events scripts/examples/keynote-events.jsonl --fast scripts/examples/keynote.lua\n"
            + KeynoteTests.expected + "```"
        #expect(readme.contains(block))
    }
}
