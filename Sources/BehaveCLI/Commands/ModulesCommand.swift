import ArgumentParser
import Behave

/// `behave modules`: lists modules and actions with signatures and docs.
struct ModulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "modules",
        abstract: "List the registered modules and their actions with signatures and docs."
    )

    @Flag(help: "Print JSON for machines.")
    var json = false

    @Flag(help: "Print a LuaLS definition file (---@meta) for editors: behave modules --luals > behave.d.lua.")
    var luals = false

    @OptionGroup var sandbox: SandboxOptions

    func run() throws {
        let modules = sandbox.modules
        if luals {
            print(LuaLSDefinitions.text(modules), terminator: "")
        } else if json {
            print(ModuleCatalog.json(modules))
        } else {
            print(ModuleCatalog.text(modules), terminator: "")
        }
    }
}
