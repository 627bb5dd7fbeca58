/// Help on one name, from the same metadata as `behave modules` and the LuaLS definitions:
/// what the REPL's `:help NAME` prints.
public enum HelpTopics {
    /// Help for `Module.action` (or `Module:action`), a module, or a runtime helper (`wait`,
    /// `on`, `emit`…); nil when the name is none of these.
    ///
    /// ```swift
    /// let help = HelpTopics.text(for: "MyThirdModule.openUrl", registry: registry)
    /// // "MyThirdModule.openUrl(url: string)\n  Opens an absolute http(s) URL…"
    /// ```
    public static func text(for topic: String, registry: ModuleRegistry) -> String? {
        if let separator = topic.lastIndex(where: { $0 == "." || $0 == ":" }),
            let module = try? registry.module(named: String(topic[..<separator]))
        {
            let spelling = String(topic[topic.index(after: separator)...])
            guard let action = try? registry.action(spelling, in: module) else { return nil }
            return actionText(action, in: module)
        }
        if let module = try? registry.module(named: topic) {
            return ModuleCatalog.text([module]).trimmingSuffix("\n")
        }
        return helperText(topic)
    }

    private static func actionText(_ action: Action, in module: any BehaveModule) -> String {
        let signature = ModuleCatalog.luaSignature(action)
        var lines = [
            action.isAsync
                ? "async \(module.name).\(signature.dropFirst("async ".count))"
                : "\(module.name).\(signature)"
        ]
        if !action.doc.isEmpty { lines.append("  " + action.doc) }
        for parameter in action.parameters where !parameter.doc.isEmpty {
            lines.append("  \(parameter.label ?? "_"): \(parameter.doc)")
        }
        if action.isAsync {
            lines.append("  async: the calling task waits for the result (call it from a task, not a metamethod)")
        }
        lines.append("  Swift: \(action.signature)")
        return lines.joined(separator: "\n")
    }

    /// A helper's block of the LuaLS definitions, read back as text: its signature, then its
    /// doc, parameters and results.
    private static func helperText(_ name: String) -> String? {
        let blocks = LuaLSDefinitions.helpers.split(separator: "\n\n")
        for block in blocks {
            let lines = block.split(separator: "\n").map(String.init)
            guard let last = lines.last else { continue }
            let signature: String
            if last.hasPrefix("function \(name)(") {
                signature = String(last.dropFirst("function ".count).dropLast(" end".count))
            } else if last.hasPrefix("\(name) = ") {
                signature = name
            } else {
                continue
            }
            var out = [signature]
            for line in lines.dropLast() where line.hasPrefix("---") {
                let text = line.dropFirst(3)
                if text.hasPrefix("@async") {
                    out.append("  async: waits; call it from a task")
                } else if text.hasPrefix("@param ") {
                    out.append("  param " + text.dropFirst("@param ".count))
                } else if text.hasPrefix("@return ") {
                    out.append("  returns " + text.dropFirst("@return ".count))
                } else if text.hasPrefix("@type ") {
                    out.append("  type " + text.dropFirst("@type ".count))
                } else if !text.hasPrefix("@") {
                    out.append("  " + text)
                }
            }
            return out.joined(separator: "\n")
        }
        return nil
    }
}
