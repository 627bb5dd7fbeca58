/// The registered modules, and how behaviours' names resolve to them.
///
/// ```swift
/// var registry = ModuleRegistry()
/// registry.register(MyFirstModule())
/// let module = try registry.module(named: "GenericProtocol.MyFirstModule")  // MyFirstModule
/// ```
public struct ModuleRegistry {
    /// The modules in registration order.
    public private(set) var modules: [any BehaveModule] = []

    /// Creates a registry holding `modules`.
    public init(_ modules: [any BehaveModule] = []) {
        for module in modules { register(module) }
    }

    /// Adds a module; a later module with the same name replaces the earlier one.
    public mutating func register(_ module: any BehaveModule) {
        modules.removeAll { $0.name == module.name }
        modules.append(module)
    }

    /// Resolves a module name: an exact name or alias, else the last component of a qualified
    /// name (`GenericProtocol.MyFirstModule`). Returns `nil` when nothing matches; throws
    /// ``ResolutionError/ambiguous(_:candidates:)`` when several do.
    public func module(named spelling: String) throws -> (any BehaveModule)? {
        let exact = modules.filter { $0.name == spelling || $0.aliases.contains(spelling) }
        if exact.count == 1 { return exact[0] }
        if exact.count > 1 { throw ResolutionError.ambiguous(spelling, candidates: exact.map(\.name)) }
        guard let dot = spelling.lastIndex(of: "."), dot < spelling.index(before: spelling.endIndex) else { return nil }
        return try module(named: String(spelling[spelling.index(after: dot)...]))
    }

    /// Resolves an action spelling within a module (see ``SelectorName``).
    public func action(_ spelling: String, in module: any BehaveModule) throws -> Action? {
        let selector = SelectorName(spelling)
        let matches = module.actions.filter { selector.matches($0) }
        if matches.count > 1 {
            throw ResolutionError.ambiguous(
                "\(module.name).\(spelling)",
                candidates: matches.map { "\(module.name).\($0.signature)" })
        }
        return matches.first
    }

    /// Answers what the seed's `responds(to:)` did: does `module` have `action`?
    public func has(_ moduleName: String, _ actionName: String) -> Bool {
        guard let module = try? module(named: moduleName) else { return false }
        return (try? action(actionName, in: module)) != nil
    }
}
