import BehaveLua
import Foundation

// The LuaChunks plugin's compiler: `lua-chunks OUTPUT.swift FILE.lua…` writes one Swift file that
// declares `LuaChunks`, an `EmbeddedChunk` per Lua file (named after the file), compiled by the
// Lua library this build links, with the same code path as a compile at run time.

/// Swift's raw-string delimiter long enough that `text` cannot end the literal.
func hashes(for text: String) -> String {
    var count = 1
    while text.contains("\"" + String(repeating: "#", count: count)) { count += 1 }
    return String(repeating: "#", count: count)
}

func declaration(for path: String) throws -> String {
    let source = try String(contentsOfFile: path, encoding: .utf8)
    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    let bytes = try LuaBytecode(compiling: source, chunkName: "=" + name).bytes
    let rows = stride(from: 0, to: bytes.count, by: 24).map { start in
        "            "
            + bytes[start..<min(start + 24, bytes.count)].map { "0x" + String($0, radix: 16) }.joined(separator: ", ")
    }
    let fence = hashes(for: source)
    return """
        /// Compiled from `\(URL(fileURLWithPath: path).lastPathComponent)`.
            static let \(name) = EmbeddedChunk(
                name: "\(name)",
                compiler: \(fence)"\(LuaBytecode.compilerIdentity)"\(fence),
                bytecode: [
        \(rows.joined(separator: ",\n"))
                ],
                source: \(fence)\"\"\"
        \(source)
        \"\"\"\(fence)
            )
        """
}

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: lua-chunks OUTPUT.swift FILE.lua...\n".utf8))
    exit(64)
}
do {
    let files = Array(arguments.dropFirst())
    let body = try files.map(declaration(for:)).joined(separator: "\n\n    ")
    let names = files.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
    let text = """
        // Generated at build time by the LuaChunks plugin (Plugins/LuaChunks) from this target's
        // .lua files. Do not edit: edit the .lua files.

        /// The Lua files of this target, compiled at build time, each named after its file
        /// (`Session/printer.lua` is `LuaChunks.printer`).
        enum LuaChunks {
            \(body)

            /// Every chunk of this target.
            static let all: [EmbeddedChunk] = [\(names.joined(separator: ", "))]
        }

        """
    try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
} catch {
    FileHandle.standardError.write(Data("lua-chunks: \(error)\n".utf8))
    exit(65)
}
