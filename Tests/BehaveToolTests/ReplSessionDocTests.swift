import BehaveTestSupport
import Foundation
import Testing

/// docs/repl.md's recorded REPL session, typed into a real terminal: what the terminal shows must
/// be the block, byte for byte.
@Suite("docs/repl.md: the REPL session")
struct ReplSessionDocTests {
    @Test("the recorded session is what the terminal shows")
    func recordedSession() throws {
        let block = String(try Docs.block("repl-session", in: "docs/repl.md").dropLast())
        var lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.removeFirst() == "$ behave repl")
        let inputs = lines.compactMap { line -> (prompt: String, text: String)? in
            for prompt in [">> ", "> "] where line.hasPrefix(prompt) {
                return (prompt, String(line.dropFirst(prompt.count)))
            }
            return nil
        }
        #expect(inputs.last?.text == "", "the session ends at an empty prompt (Ctrl-D)")

        let terminal = try PseudoTerminal(["repl"], environment: ["XDG_STATE_HOME": try Tool.temporaryDirectory().path])
        for input in inputs {
            try terminal.expect(input.prompt)
            try terminal.type(input.text.isEmpty ? "\u{4}" : input.text + "\r")
        }
        #expect(try terminal.waitForExit() == 0)
        let shown = terminal.transcript.replacingOccurrences(of: "\r\n", with: "\n")
        #expect(shown == lines.joined(separator: "\n") + "\n")
    }

    @Test("echo 'print(1)' | behave repl prints 1")
    func pipedExample() throws {
        let result = try Tool.run(["repl"], input: "print(1)\n")
        #expect(result.stdout == "1\n")
        #expect(result.status == 0)
    }
}
