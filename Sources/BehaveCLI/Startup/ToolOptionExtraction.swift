import ArgumentParser

/// A command line with the tool's own options (``ToolOption``) taken out, and what they gave.
///
/// ArgumentParser declares options statically, so a tool's options, known only when the tool
/// starts, are read here and the rest is what ArgumentParser parses. They are read only up to
/// a `--` and, for `run`, only before the script: the script's arguments are its own, as lua has it.
struct ToolOptionExtraction {
    /// The command line without the tool's options.
    private(set) var rest: [String] = []
    /// What the tool's options gave.
    private(set) var given = ModuleOptions()
    /// For each word of ``rest``, its index in the command line.
    private var origins: [Int] = []
    /// The indices in the command line of the words taken out.
    private var taken: [Int] = []

    /// Reads `options` out of `arguments` (a command line without the program's name), looking
    /// at the words before `limit` only.
    init(_ arguments: [String], options: [ToolOption], before limit: Int? = nil) throws(ValidationError) {
        let limit = limit ?? arguments.count
        var index = 0
        var ended = false
        while index < arguments.count {
            let word = arguments[index]
            if word == "--" { ended = true }
            guard !ended, index < limit, word.hasPrefix("--"), let (option, inline) = Self.match(word, in: options)
            else {
                rest.append(word)
                origins.append(index)
                index += 1
                continue
            }
            taken.append(index)
            switch option.kind {
            case .flag:
                if inline != nil { throw ValidationError("--\(option.name) takes no value") }
                given.flags.insert(option.name)
            case .value:
                var value = inline
                if value == nil, index + 1 < arguments.count {
                    index += 1
                    taken.append(index)
                    value = arguments[index]
                }
                guard let value else { throw ValidationError("Missing value for '\(option.synopsis)'") }
                guard option.accepts(value) else {
                    throw ValidationError("The value '\(value)' is invalid for '\(option.synopsis)'")
                }
                given.values[option.name, default: []].append(value)
            }
            index += 1
        }
    }

    /// The option `word` names (`--name` or `--name=value`), with the value written in it.
    private static func match(_ word: String, in options: [ToolOption]) -> (ToolOption, String?)? {
        let body = word.dropFirst(2)
        let name = body.prefix { $0 != "=" }
        guard let option = options.first(where: { $0.name == name }) else { return nil }
        return (option, name.endIndex < body.endIndex ? String(body[body.index(after: name.endIndex)...]) : nil)
    }

    /// The index in the command line of ``rest``'s word at `restIndex`.
    func origin(of restIndex: Int) -> Int? { origins.indices.contains(restIndex) ? origins[restIndex] : nil }

    /// Whether a word at or after `index` of the command line was taken out.
    func tookAny(from index: Int) -> Bool { taken.contains { $0 >= index } }
}
