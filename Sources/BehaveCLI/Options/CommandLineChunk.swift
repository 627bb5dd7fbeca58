import ArgumentParser
import Behave

/// A `-e CODE` or `-l MOD` of the command line, with its place among them: lua runs them in the
/// order given, and ArgumentParser keeps each option's values in an array of its own.
struct CommandLineChunk: ExpressibleByArgument, Equatable {
    /// The option's value as written.
    var text: String
    /// Its place among the `-e` and `-l` values, which ArgumentParser reads in command-line order.
    var place: Int

    init?(argument: String) {
        text = argument
        CommandLineChunk.count += 1
        place = CommandLineChunk.count
    }

    init(text: String, place: Int) {
        self.text = text
        self.place = place
    }

    /// How many values have been read. Only the main thread parses, once, before anything else runs.
    nonisolated(unsafe) private static var count = 0

    /// The Lua chunk of `-l MOD` (or `-l G=MOD`): `require` through the sandbox, into the global
    /// named before any `-` of the module's name, as lua 5.4 names it.
    var libraryChunk: String {
        let global: Substring
        let module: Substring
        if let equals = text.firstIndex(of: "=") {
            global = text[..<equals]
            module = text[text.index(after: equals)...]
        } else {
            module = text[...]
            global = module.prefix { $0 != "-" }
        }
        // A space after `[`: `_ENV[[` would open a long string.
        return "_ENV[ \(LuaLiteral.string(String(global))) ] = require(\(LuaLiteral.string(String(module))))"
    }
}
