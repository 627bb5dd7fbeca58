import ArgumentParser
import Behave

/// `behave schema`: a JSON Schema for action lists, from the registered modules.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print a JSON Schema for action lists with the registered module and action names and value types.",
        discussion:
            "Use it from an action list's \"$schema\" or your editor's settings: behave schema > behave-actions.schema.json"
    )

    @Flag(
        help:
            "Reject unknown modules and actions, as `behave check --strict` does (they are allowed otherwise, and skipped when run)."
    )
    var strict = false

    @OptionGroup var sandbox: SandboxOptions

    func run() throws {
        print(ActionListSchema.json(sandbox.modules, strict: strict), terminator: "")
    }
}
