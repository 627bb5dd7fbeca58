import CBehave

/// Behave's version, and the Lua release it runs.
public enum BehaveVersion {
    /// Behave's version; CHANGELOG.md has a section for each.
    public static let current = "0.3.0"

    /// The Lua release Behave is built with: `Lua 5.4.4`.
    public static var lua: String { String(cString: behave_lua_release()) }
}
