/// What the command line says about the modules a tool's host gets.
public struct ModuleOptions: Sendable, Equatable {
    /// `--open-urls`: the user lets modules open URLs outside the process (a browser); a module
    /// that can should only print them otherwise.
    public var openURLs: Bool

    /// Options as given.
    public init(openURLs: Bool = false) { self.openURLs = openURLs }
}
