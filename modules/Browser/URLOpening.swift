import Behave

/// Opens URLs. The module's opener is injected: the tool prints by default or launches the
/// system's opener with `--open-urls`; tests record.
public protocol URLOpening: Sendable {
    /// Opens an already validated absolute URL.
    func open(_ url: String, context: ActionContext) throws
}

/// Prints `open URL` instead of opening anything (the tool's default).
public struct PrintingOpener: URLOpening {
    public init() {}
    public func open(_ url: String, context: ActionContext) throws { try context.print("open \(url)") }
}

/// An invalid URL given to `openUrl`: an action error, not a crash (the seed force-unwrapped).
public struct InvalidURL: Error, CustomStringConvertible {
    public var url: String
    public var description: String { "invalid URL '\(url)': expected an absolute http(s) URL" }
}

/// Checks a URL the way an app's opener would need: `http`/`https` scheme, a host, no spaces
/// or control characters.
public enum URLValidation {
    public static func isValid(_ url: String) -> Bool {
        let lower = url.lowercased()
        let rest: Substring
        if lower.hasPrefix("https://") {
            rest = url.dropFirst(8)
        } else if lower.hasPrefix("http://") {
            rest = url.dropFirst(7)
        } else {
            return false
        }
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !host.isEmpty && !host.hasPrefix(":")
            && url.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F }
    }
}
