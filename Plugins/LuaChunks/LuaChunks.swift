import Foundation
import PackagePlugin

/// Compiles a target's `.lua` files at build time into one generated Swift file, `LuaChunks.swift`:
/// for each file a `static let` of ``EmbeddedChunk`` (the bytecode and the source) named after it,
/// so `Session/printer.lua` becomes `LuaChunks.printer`. The Lua stays in `.lua` files, where an
/// editor and a linter see it, and its error lines are the file's own.
@main
struct LuaChunks: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        // The .lua files are excluded from the target in Package.swift (they are not Swift), so
        // they are found here on disk rather than among the target's source files.
        let files = luaFiles(under: module.directoryURL)
        guard !files.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(path: "LuaChunks.swift")
        return [
            .buildCommand(
                displayName: "Compiling \(files.count) Lua files of \(target.name)",
                executable: try context.tool(named: "lua-chunks").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }

    private func luaFiles(under directory: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
            return []
        }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "lua" }
            .sorted { $0.path < $1.path }
    }
}
