import Behave

/// What a `launch` (or `attach`) request asks to run, as the command line of `behave run` or
/// `behave test`: its fields are named as the tool's options are.
public struct DebugLaunch: Equatable, Sendable {
    /// `run` or `test`.
    public var command: String
    /// The command's words, the behaviour (or the test files) last but for the script's arguments.
    public var arguments: [String]
    /// Whether the run stops at its first line.
    public var stopOnEntry: Bool

    /// The limits' and the other value options' fields, each given to the command as `--NAME VALUE`.
    static let valueFields = [
        "events", "time-limit", "instruction-limit", "memory-limit", "duration-limit", "depth-limit",
        "output-limit", "filter", "max-input",
    ]
    /// The flags' fields, each given as `--NAME` when true.
    static let flagFields = ["fast", "strict", "trusted", "real-time"]

    /// The run `fields` describe; `commandLine` is what `behave debug` was started with, used when
    /// the request names no program (an editor that attaches).
    static func from(_ fields: [String: Any], commandLine: [String]) throws(DebugError) -> DebugLaunch {
        let command = fields["command"] as? String ?? "run"
        guard command == "run" || command == "test" else { throw DebugError("\"command\" is \"run\" or \"test\"") }
        guard let program = fields["program"] as? String ?? commandLine.first, !program.isEmpty else {
            throw DebugError("launch needs \"program\": the behaviour's path")
        }
        if Behaviour.isRemote(program) || program == "-" {
            throw DebugError("behave debug runs a behaviour file, not \(program == "-" ? "stdin" : "a URL")")
        }
        var words: [String] = []
        for name in valueFields {
            guard let value = fields[name] else { continue }
            guard let text = Self.text(value) else { throw DebugError("\"\(name)\" is a string or a number") }
            words += ["--\(name)", text]
        }
        for name in flagFields {
            guard let value = fields[name] else { continue }
            guard let on = value as? Bool else { throw DebugError("\"\(name)\" is true or false") }
            if on { words.append("--\(name)") }
        }
        words += try contextWords(fields["context"])
        var scriptArguments: [String] = []
        if let args = fields["args"] {
            guard let list = args as? [Any], let strings = list.map({ $0 as? String }) as? [String] else {
                throw DebugError("\"args\" is a list of strings")
            }
            scriptArguments = strings
        } else if fields["program"] == nil {
            scriptArguments = Array(commandLine.dropFirst())
        }
        if command == "test", !scriptArguments.isEmpty { throw DebugError("\"args\" are a run's, not a test's") }
        return DebugLaunch(
            command: command, arguments: words + [program] + scriptArguments,
            stopOnEntry: fields["stopOnEntry"] as? Bool ?? false)
    }

    private static func text(_ value: Any) -> String? {
        if let string = value as? String { return string }
        if let number = value as? Int { return String(number) }
        if let number = value as? Double {
            // 1e6 is the whole number the options take, not "1000000.0".
            return Int(exactly: number).map(String.init) ?? "\(number)"
        }
        return nil
    }

    /// `context`: an object of names and values, or a list of `key=value` strings.
    private static func contextWords(_ value: Any?) throws(DebugError) -> [String] {
        guard let value else { return [] }
        if let object = value as? [String: Any] {
            var words: [String] = []
            for key in object.keys.sorted() {
                guard let text = (object[key] as? Bool).map({ "\($0)" }) ?? text(object[key]!) else {
                    throw DebugError("\"context\" values are strings, numbers or booleans")
                }
                words += ["--context", "\(key)=\(text)"]
            }
            return words
        }
        if let list = value as? [Any], let strings = list.map({ $0 as? String }) as? [String] {
            return strings.flatMap { ["--context", $0] }
        }
        throw DebugError("\"context\" is an object or a list of \"key=value\" strings")
    }
}
