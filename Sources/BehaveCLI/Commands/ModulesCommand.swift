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

    @Flag(
        help:
            "Print a LuaLS definition file (---@meta) for editors: behave modules --luals > behave.d.lua; or, given a DIR, write DIR/behave.d.lua and DIR/.luarc.json."
    )
    var luals = false

    @Argument(help: "With --luals: the directory to write behave.d.lua and .luarc.json into.", completion: .directory)
    var directory: String?

    @OptionGroup var sandbox: SandboxOptions

    func validate() throws {
        if directory != nil && !luals {
            throw ValidationError("a directory is for --luals, which writes its files there")
        }
    }

    func run() throws {
        let modules = sandbox.modules
        if luals, let directory {
            for (name, text) in [
                ("behave.d.lua", LuaLSDefinitions.text(modules)), (".luarc.json", LuaLSDefinitions.configuration),
            ] {
                let path = directory + "/" + name
                do { try OutputFile.write(Array(text.utf8), to: path) } catch {
                    StandardError.write("\(BehaveTool.current.name): \(error)\n")
                    throw ExitCode(BehaveExit.cannotWrite)
                }
                print("wrote \(path)")
            }
        } else if luals {
            print(LuaLSDefinitions.text(modules), terminator: "")
        } else if json {
            print(ModuleCatalog.json(modules))
        } else {
            print(ModuleCatalog.text(modules), terminator: "")
        }
    }
}
