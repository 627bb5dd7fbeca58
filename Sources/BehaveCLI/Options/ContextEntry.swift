import ArgumentParser
import Behave

#if canImport(Glibc)
    import Glibc
#endif

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
        #if os(Linux)
            let platform = "linux"
        #elseif os(macOS)
            let platform = "macos"
        #else
            let platform = "other"
        #endif
        let locale = getenv("LC_ALL").map { String(cString: $0) } ?? getenv("LANG").map { String(cString: $0) } ?? "C"
        return [
            "platform": .string(platform), "app": "behave", "version": .string(BehaveVersion.current),
            "locale": .string(locale.isEmpty ? "C" : locale),
        ]
    }
}
