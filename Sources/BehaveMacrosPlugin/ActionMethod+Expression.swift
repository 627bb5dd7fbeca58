// Without the Macros trait swift-syntax is not resolved, and the plugin is an empty program.
#if Macros
    import SwiftSyntax

    // The `Behave.Action(...)` expression of a method: its name, doc and labels, then a closure whose
    // types are the method's, so the closure's type picks the synchronous or the async form.
    extension ActionMethod {
        /// The action's expression, calling the method on `self`.
        var expression: ExprSyntax {
            var arguments = [Self.literal(actionName)]
            if !doc.summary.isEmpty { arguments.append("doc: " + Self.literal(doc.summary)) }
            arguments += parameters.map(Self.described)
            let closureParameters =
                ["\(context?.name ?? "_"): Behave.ActionContext"]
                + parameters.map { "\($0.name): \($0.type.trimmedDescription)" }
            var effects = ""
            if isAsync { effects += " async" }
            if isThrowing { effects += " throws" }
            if let returns = function.signature.returnClause { effects += " -> " + returns.type.trimmedDescription }
            var marks = isThrowing ? "try " : ""
            if isAsync { marks += "await " }
            let call = ([context].compactMap { $0 } + parameters).map { parameter in
                parameter.label.map { "\($0): \(parameter.name)" } ?? parameter.name
            }
            return """
                Behave.Action(\(raw: arguments.joined(separator: ", "))) { (\(raw: closureParameters.joined(separator: ", ")))\(raw: effects) in
                    \(raw: marks)self.\(raw: function.name.text)(\(raw: call.joined(separator: ", ")))
                }
                """
        }

        /// The name behaviours call: the method's base name, without backticks.
        var actionName: String {
            function.name.text.filter { $0 != "`" }
        }

        var isAsync: Bool { function.signature.effectSpecifiers?.asyncSpecifier != nil }
        var isThrowing: Bool { function.signature.effectSpecifiers?.throwsClause != nil }

        /// A parameter as the action states it: its label, or its label and doc line.
        private static func described(_ parameter: Parameter) -> String {
            let label = literal(parameter.label ?? "_")
            guard let doc = parameter.doc, !doc.isEmpty else { return label }
            return "Behave.Action.Parameter<\(parameter.type.trimmedDescription)>(\(label), doc: \(literal(doc)))"
        }

        /// `text` as a Swift string literal, escaped.
        static func literal(_ text: String) -> String {
            StringLiteralExprSyntax(content: text).description
        }
    }
#endif
