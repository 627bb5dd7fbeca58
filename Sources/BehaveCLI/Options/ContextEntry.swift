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
}
