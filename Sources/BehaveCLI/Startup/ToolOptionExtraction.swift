import ArgumentParser
import Behave

/// A command line with the tool's own options (``ToolOption``) taken out, and what they gave.
///
/// ArgumentParser declares options statically, so a tool's options, known only when the tool
/// starts, are read here and the rest is what ArgumentParser parses. The words are read as
/// ArgumentParser and lua would read them: a Behave option's value is never taken for a tool's
/// option, nothing is read after `--`, and nothing after `run`'s script (but a URL's, whose
/// options may follow it), since the script's arguments are its own.
struct ToolOptionExtraction {
    /// The command line without the tool's options.
    private(set) var rest: [String] = []
    /// What the tool's options gave.
    private(set) var given = ModuleOptions()

    /// Reads `options` out of `arguments`, a command line without the program's name.
    init(_ arguments: [String], options: [ToolOption]) throws(ValidationError) {
        var command: String?
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if let (option, inline) = Self.match(word, in: options) {
                index = try take(option, inline: inline, from: arguments, at: index)
                continue
            }
            rest.append(word)
            index += 1
            if word == "--" { break }
            if Self.takesValue(word, in: command) {
                if index < arguments.count { rest.append(arguments[index]) }
                index += 1
                continue
            }
            guard word == "-" || !word.hasPrefix("-") else { continue }
            // The first word that is no option names the command, or is the script of the run
            // lua's command line implies; a run's script ends what is read, as lua has it.
            if command == nil, BehaveCommand.commandNames.contains(word) {
                command = word
                continue
            }
            if command == nil || command == "run" {
                command = "run:script"
                if !Behaviour.isRemote(word) { break }
            }
        }
        if index < arguments.count { rest += arguments[index...] }
    }

    /// Takes `option` (its value `inline`, or the word after it) at `index`; the next word's index.
    private mutating func take(
        _ option: ToolOption, inline: String?, from arguments: [String], at index: Int
    ) throws(ValidationError) -> Int {
        switch option.kind {
        case .flag:
            if inline != nil { throw ValidationError("--\(option.name) takes no value") }
            given.flags.insert(option.name)
            return index + 1
        case .value:
            // As ArgumentParser reads a value: a word that is itself an option is none.
            let next = index + 1 < arguments.count ? arguments[index + 1] : nil
            guard let value = inline ?? next.flatMap({ $0.hasPrefix("--") ? nil : $0 }) else {
                throw ValidationError("Missing value for '\(option.synopsis)'")
            }
            guard option.accepts(value) else {
                throw ValidationError("The value '\(value)' is invalid for '\(option.synopsis)'")
            }
            given.values[option.name, default: []].append(value)
            return inline == nil ? index + 2 : index + 1
        }
    }

    /// The option `word` names (`--name` or `--name=value`), with the value written in it.
    private static func match(_ word: String, in options: [ToolOption]) -> (ToolOption, String?)? {
        guard word.hasPrefix("--") else { return nil }
        let body = word.dropFirst(2)
        let name = body.prefix { $0 != "=" }
        guard let option = options.first(where: { $0.name == name }) else { return nil }
        return (option, name.endIndex < body.endIndex ? String(body[body.index(after: name.endIndex)...]) : nil)
    }

    /// Whether `word` is one of Behave's options whose value is the next word, in `command`
    /// (`repl`'s `-i` takes a file; `run`'s is a flag).
    private static func takesValue(_ word: String, in command: String?) -> Bool {
        if word.hasPrefix("--") {
            return !word.contains("=") && BehaveCommand.valueOptionNames.contains(word.dropFirst(2))
        }
        return ["-e", "-l", "-o"].contains(word) || (word == "-i" && command == "repl")
    }
}
