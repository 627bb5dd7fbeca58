import Behave
import BehaveDemos
import Testing

/// Resolving an action list against the registry: names, spellings, skips and strict mode.
@Suite("Action plan")
struct ActionPlanTests {
    static var registry: ModuleRegistry { ModuleRegistry([MyFirstModule(), MySecondModule()]) }

    static func plan(_ json: String, strict: Bool = false) throws -> ActionPlan {
        ActionPlan(
            try ActionList.parse(Array(json.utf8), file: "list.json"), registry: registry, file: "list.json",
            strict: strict)
    }

    @Test("qualified module names resolve to the module, each call to its action, in order")
    func resolves() throws {
        let plan = try Self.plan(
            #"[{"name": "GenericProtocol.MyFirstModule", "actions": [{"func": "sayHello"}, {"func": "sayGoodBye"}]}, {"name": "MySecondModule", "actions": [{"func": "sayHello"}]}]"#
        )
        #expect(
            plan.steps.map { "\($0.module).\($0.action.name)" } == [
                "MyFirstModule.sayHello", "MyFirstModule.sayGoodBye", "MySecondModule.sayHello",
            ])
        #expect(plan.diagnostics.isEmpty)
        #expect(!plan.hasErrors)
    }

    @Test("an action the module lacks is skipped with a warning at its position")
    func skipsMissing() throws {
        let plan = try Self.plan("[{\"name\": \"MyFirstModule\",\n \"actions\": [{\"func\": \"showPopup\"}]}]")
        #expect(plan.steps.isEmpty)
        #expect(
            plan.diagnostics.map(\.description) == [
                "list.json:2:23: warning: MyFirstModule has no action 'showPopup'; skipped"
            ])
        #expect(!plan.hasErrors)
    }

    @Test("strict mode makes unknown modules and actions errors")
    func strict() throws {
        let plan = try Self.plan(
            #"[{"name": "Nobody", "actions": [{"func": "x"}]}, {"name": "MyFirstModule", "actions": [{"func": "nope"}]}]"#,
            strict: true)
        #expect(plan.hasErrors)
        #expect(plan.diagnostics.count == 2)
        #expect(plan.diagnostics.allSatisfy { $0.severity == .error })
    }
}
