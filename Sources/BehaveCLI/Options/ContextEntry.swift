import ArgumentParser
import Behave
import BehavePlatform

/// One `--context KEY=VALUE`.
struct ContextEntry: ExpressibleByArgument, Equatable {
    var key: String
    var value: String

    init?(argument: String) {
        guard let equals = argument.firstIndex(of: "="), equals > argument.startIndex else { return nil }
        key = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
    }

    /// What the tool tells every behaviour about where it runs.
    static var defaults: [String: PlainValue] {
        let locale = Platform.environment("LC_ALL") ?? Platform.environment("LANG") ?? "C"
        return [
            "platform": .string(Platform.name), "app": .string(BehaveTool.current.name),
            "version": .string(BehaveTool.current.version ?? BehaveVersion.current),
            "locale": .string(locale.isEmpty ? "C" : locale),
        ]
    }

    /// `context` as text, as a fleet manifest's rules compare it: strings as they are, numbers
    /// and booleans as written; tables are left out.
    static func strings(_ context: [String: PlainValue]) -> [String: String] {
        context.compactMapValues { value in
            switch value {
            case .string(let text): text
            case .bool(let flag): flag ? "true" : "false"
            case .integer(let number): String(number)
            case .number(let number): String(number)
            default: nil
            }
        }
    }
}
