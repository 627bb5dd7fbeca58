/// A JSON action list as the Lua script it runs as.
extension BehaveHost {
    /// The Lua script a JSON action list runs as (``ActionListTranslator``), after its checks.
    public func translate(
        _ behaviour: Behaviour, layout: ActionListTranslator.Layout = .readable,
        strict: Bool = false
    ) throws(BehaveError) -> (script: String, warnings: [Diagnostic]) {
        guard behaviour.format == .json else {
            throw .invalid([
                Diagnostic(
                    .error, file: behaviour.name, at: nil,
                    "is a Lua script, not a JSON action list: it runs as it is, with nothing to translate")
            ])
        }
        let list: ActionList
        do { list = try ActionList.parse(behaviour.bytes, file: behaviour.name) } catch { throw .invalid([error]) }
        let plan = ActionPlan(list, registry: registry, file: behaviour.name, strict: strict)
        if plan.hasErrors { throw .invalid(plan.diagnostics) }
        return (ActionListTranslator.lua(for: plan, file: behaviour.name, layout: layout), plan.diagnostics)
    }
}
