/// Module metadata rendered for people (`behave modules`) and machines (`--json`).
public enum ModuleCatalog {
    /// One block per module: `MyThirdModule — Opens web pages` then `  openUrl(url: string)  Opens…`.
    public static func text(_ modules: [any BehaveModule]) -> String {
        var out = ""
        for module in modules {
            out += module.name
            if !module.aliases.isEmpty { out += " (aliases: \(module.aliases.joined(separator: ", ")))" }
            if !module.doc.isEmpty { out += " — \(module.doc)" }
            out += "\n"
            for action in module.actions {
                out += "  \(luaSignature(action))"
                if !action.doc.isEmpty { out += "  -- \(action.doc)" }
                out += "\n"
            }
        }
        return out
    }

    /// `openUrl(url: string)`, `count(): integer`, `async vote(destination: string): string`.
    public static func luaSignature(_ action: Action) -> String {
        let parameters = action.parameters.map { "\($0.label ?? "_"): \($0.type)" }.joined(separator: ", ")
        let result = action.returns == .void ? "" : ": \(action.returns)"
        return (action.isAsync ? "async " : "") + "\(action.name)(\(parameters))\(result)"
    }

    /// `[{"name": …, "doc": …, "actions": [{"name", "signature", "swift", "parameters", "returns", "async", "doc"}]}]`.
    public static func json(_ modules: [any BehaveModule]) -> String {
        func string(_ s: String) -> String { JSONText.quoted(s) }
        let items = modules.map { module -> String in
            let actions = module.actions.map { action -> String in
                let parameters = action.parameters.map {
                    "{\"label\": \($0.label.map(string) ?? "null"), \"type\": \(string($0.type.description)), \"doc\": \(string($0.doc))}"
                }.joined(separator: ", ")
                return "{\"name\": \(string(action.name)), \"swift\": \(string(action.signature)), "
                    + "\"signature\": \(string(luaSignature(action))), \"parameters\": [\(parameters)], "
                    + "\"returns\": \(string(action.returns.description)), \"async\": \(action.isAsync), \"doc\": \(string(action.doc))}"
            }.joined(separator: ", ")
            return
                "{\"name\": \(string(module.name)), \"aliases\": [\(module.aliases.map(string).joined(separator: ", "))], "
                + "\"doc\": \(string(module.doc)), \"actions\": [\(actions)]}"
        }
        return "[" + items.joined(separator: ",\n ") + "]"
    }
}
