import Behave
import BehaveDemos
import BehaveLua
import Testing

/// The Lua an action list runs as: the same calls, in order, on the JSON's lines.
@Suite("Action list translator")
struct ActionListTranslatorTests {
    static let json =
        "[{\"name\": \"MyFirstModule\", \"actions\": [\n  {\"func\": \"sayHello\"},\n  {\"func\": \"showPopup\"},\n  {\"func\": \"sayGoodBye\"}]}]"

    static func plan() throws -> ActionPlan {
        ActionPlan(
            try ActionList.parse(Array(json.utf8), file: "list.json"),
            registry: ModuleRegistry([MyFirstModule()]), file: "list.json", strict: false)
    }

    @Test("line-aligned: each call sits on the line of its \"func\"")
    func lineAligned() throws {
        let lines = ActionListTranslator.lua(for: try Self.plan(), file: "list.json", layout: .lineAligned)
            .split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count >= 4)
        #expect(lines[1].contains("MyFirstModule") && lines[1].contains("sayHello"), "\(lines)")
        #expect(!lines[2].contains("showPopup"), "a skipped action makes no call")
        #expect(lines[3].contains("sayGoodBye"), "\(lines)")
    }

    @Test("a skipped name with a newline stays in its comment, and its warning is one line (found by fuzzing)")
    func skippedNameWithNewline() throws {
        let json =
            "[{\"name\": \"MyFirstModule\", \"actions\": [{\"func\": \"say\\nHello\\u0007\"}, {\"func\": \"sayHello\"}]},"
            + " {\"name\": \"Bad\\r\\nModule\", \"actions\": []}]"
        let plan = ActionPlan(
            try ActionList.parse(Array(json.utf8), file: "list.json"),
            registry: ModuleRegistry([MyFirstModule()]), file: "list.json", strict: false)
        #expect(
            plan.diagnostics.map(\.description) == [
                "list.json:1:49: warning: MyFirstModule has no action 'say\\nHello\\u{7}' (did you mean 'sayHello'?); skipped",
                "list.json:1:103: warning: no module named 'Bad\\r\\nModule'; skipped",
            ])
        let script = ActionListTranslator.lua(for: plan, file: "list.json", layout: .readable)
        #expect(
            script.contains(
                "-- skipped (1:49): MyFirstModule has no action 'say\\nHello\\u{7}' (did you mean 'sayHello'?)\n"),
            "\(script)")
        _ = try LuaState().load(script, chunkName: "=translated")
    }

    @Test("readable: the calls in order, the skipped action as a comment, and it compiles")
    func readable() throws {
        let script = ActionListTranslator.lua(for: try Self.plan(), file: "list.json", layout: .readable)
        let hello = try #require(script.range(of: "sayHello"))
        let goodBye = try #require(script.range(of: "sayGoodBye"))
        #expect(hello.lowerBound < goodBye.lowerBound)
        #expect(script.contains("-- skipped"))
        let lua = try LuaState()
        _ = try lua.load(script, chunkName: "=translated")
    }
}
