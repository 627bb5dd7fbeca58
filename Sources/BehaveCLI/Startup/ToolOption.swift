/// An option a team's tool adds to its command line for its modules: `--open-urls`, `--region eu`.
///
/// The tool declares it (``BehaveTool/options``), the help of `run`, `test` and `repl` describes
/// it, and the modules read what was given from ``ModuleOptions`` when each host is made. Like
/// Behave's options it goes before `run`'s script: everything after the script is the script's.
///
/// ```swift
/// let options: [ToolOption] = [
///     .flag("open-urls", help: "Let Browser.open launch the browser instead of printing the URL."),
///     .value("region", valueName: "code", help: "The desk's region.") { ["eu", "us"].contains($0) },
/// ]
/// ```
public struct ToolOption: Sendable {
    /// Whether the option stands alone or takes a value.
    public enum Kind: Sendable, Equatable {
        /// `--name`, on or off.
        case flag
        /// `--name VALUE` or `--name=VALUE`, repeatable; the help shows `<valueName>`.
        case value(valueName: String)
    }

    /// The long name, without its dashes: lowercase letters, digits and inner dashes.
    public var name: String
    /// A flag or an option with a value.
    public var kind: Kind
    /// One line for the help: what giving it lets the modules do.
    public var help: String
    /// Whether a value is one the option takes; another is a usage error (exit 64) naming it.
    public var accepts: @Sendable (String) -> Bool
    /// Whether the modules reach the network when it is given, so that a tool that hands its
    /// network commands to a helper (``RemoteSupport/handOff(to:)``) hands this command too: the
    /// helper has the network code the modules then use.
    public var needsRemoteTools = false

    /// An option named `name` of `kind`, described by `help`, taking the values `accepts` accepts.
    public init(_ name: String, kind: Kind, help: String, accepts: @escaping @Sendable (String) -> Bool = { _ in true })
    {
        self.name = name
        self.kind = kind
        self.help = help
        self.accepts = accepts
    }

    /// A flag: `--name`.
    public static func flag(_ name: String, help: String) -> ToolOption {
        ToolOption(name, kind: .flag, help: help)
    }

    /// An option with a value: `--name VALUE` or `--name=VALUE`, one that `accepts` accepts.
    /// With `needsRemoteTools`, giving it hands the command to the tool's network helper.
    public static func value(
        _ name: String, valueName: String = "value", help: String, needsRemoteTools: Bool = false,
        accepts: @escaping @Sendable (String) -> Bool = { _ in true }
    ) -> ToolOption {
        var option = ToolOption(name, kind: .value(valueName: valueName), help: help, accepts: accepts)
        option.needsRemoteTools = needsRemoteTools
        return option
    }

    /// How the help writes it: `--open-urls`, `--region <code>`.
    public var synopsis: String {
        switch kind {
        case .flag: "--\(name)"
        case .value(let valueName): "--\(name) <\(valueName)>"
        }
    }

    /// Why the name cannot be a tool's option, or nil: it must be well formed and not one of
    /// Behave's own options, which would stop working in the tool.
    var problem: String? {
        let allowed = name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
        if name.isEmpty || !allowed || name.hasPrefix("-") || name.hasSuffix("-") {
            return "'\(name)' is not an option name: lowercase letters, digits and inner dashes"
        }
        if BehaveCommand.reservedOptionNames.contains(name) { return "--\(name) is one of Behave's own options" }
        return nil
    }
}
