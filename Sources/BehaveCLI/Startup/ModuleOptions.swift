/// What the command line gave the tool's own options (``ToolOption``), for the modules a host gets.
///
/// ```swift
/// let given = ModuleOptions(flags: ["open-urls"], values: ["region": ["eu"]])
/// let opensURLs = given.isSet("open-urls")  // true
/// let region = given["region"] ?? "eu"  // "eu"
/// ```
public struct ModuleOptions: Sendable, Equatable {
    /// The flags given, by long name.
    public var flags: Set<String>
    /// Each value option's values in the order given, by long name.
    public var values: [String: [String]]
    /// What the run trusts and sends to its servers, for a module that reaches one; the
    /// defaults where the command has no such options.
    public var connection = ModuleConnection()

    /// Options as given.
    public init(flags: Set<String> = [], values: [String: [String]] = [:]) {
        self.flags = flags
        self.values = values
    }

    /// Whether the flag `name` was given.
    public func isSet(_ name: String) -> Bool { flags.contains(name) }

    /// The last value given for the option `name`, or nil.
    public subscript(_ name: String) -> String? { values[name]?.last }
}
