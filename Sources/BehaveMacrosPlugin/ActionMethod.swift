// Without the Macros trait swift-syntax is not resolved, and the plugin is an empty program.
#if Macros
    import SwiftDiagnostics
    import SwiftSyntax
    import SwiftSyntaxMacros

    /// A method of a `@BehaveModule` type that becomes an action, and the `Action(...)` that makes it.
    struct ActionMethod {
        /// One parameter: its argument label (`nil` for `_`), the name the closure gives it, its type.
        struct Parameter {
            var label: String?
            var name: String
            var type: TypeSyntax
            var doc: String?
        }

        let function: FunctionDeclSyntax
        /// The parameter that receives the calling context, when the method's first one is an `ActionContext`.
        var context: Parameter?
        /// The parameters Lua passes.
        var parameters: [Parameter] = []
        let doc: DocComment

        /// Whether `function` is one the macro considers: an instance method that is neither private
        /// nor marked `@BehaveIgnored`.
        static func isCandidate(_ function: FunctionDeclSyntax) -> Bool {
            let excluded: Set<String> = ["private", "fileprivate", "static", "class"]
            if function.modifiers.contains(where: { excluded.contains($0.name.text) }) { return false }
            if case .binaryOperator = function.name.tokenKind { return false }
            return !function.attributes.contains {
                $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "BehaveIgnored"
            }
        }

        /// The action `function` makes, or nil after diagnosing why it cannot be one.
        init?(_ function: FunctionDeclSyntax, in context: some MacroExpansionContext) {
            self.function = function
            self.doc = DocComment(function.leadingTrivia)
            guard Self.diagnoseSignature(function, in: context) else { return nil }
            var valid = true
            for (index, parameter) in function.signature.parameterClause.parameters.enumerated() {
                if let problem = Self.problem(with: parameter) {
                    context.diagnose(Diagnostic(node: parameter, message: problem.0, fixIts: problem.1))
                    valid = false
                    continue
                }
                let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
                let inner = parameter.secondName ?? parameter.firstName
                let name = inner.tokenKind == .wildcard ? "argument\(index)" : inner.text
                let described = Parameter(
                    label: label, name: name, type: parameter.type.trimmed, doc: doc.parameters[name])
                if index == 0, Self.isContext(parameter.type) {
                    self.context = described
                } else {
                    parameters.append(described)
                }
            }
            guard valid else { return nil }
        }

        /// Diagnoses what makes the whole method unfit: generic parameters, `rethrows`, `mutating`.
        private static func diagnoseSignature(_ function: FunctionDeclSyntax, in context: some MacroExpansionContext)
            -> Bool
        {
            var problem: (any SyntaxProtocol, BehaveModuleDiagnostic)?
            if let generics = function.genericParameterClause {
                problem = (generics, .genericMethod)
            } else if let some = function.signature.parameterClause.parameters.first(where: {
                $0.type.as(SomeOrAnyTypeSyntax.self)?.someOrAnySpecifier.tokenKind == .keyword(.some)
            }) {
                problem = (some.type, .genericMethod)
            } else if let specifier = function.signature.effectSpecifiers?.throwsClause?.throwsSpecifier,
                specifier.tokenKind == .keyword(.rethrows)
            {
                problem = (specifier, .rethrowsMethod)
            } else if let mutating = function.modifiers.first(where: { $0.name.text == "mutating" }) {
                problem = (mutating, .mutatingMethod)
            }
            guard let (node, message) = problem else { return true }
            context.diagnose(Diagnostic(node: node, message: message, fixIts: [.ignore(function)]))
            return false
        }

        /// What stops `parameter` from being an action's, with the fix-it that changes it.
        private static func problem(with parameter: FunctionParameterSyntax) -> (BehaveModuleDiagnostic, [FixIt])? {
            if let attributed = parameter.type.as(AttributedTypeSyntax.self),
                attributed.specifiers.contains(where: { $0.trimmedDescription == "inout" })
            {
                var plain = attributed
                plain.specifiers = plain.specifiers.filter { $0.trimmedDescription != "inout" }
                let fixed =
                    plain.specifiers.isEmpty && plain.attributes.isEmpty
                    ? TypeSyntax(plain.baseType) : TypeSyntax(plain)
                let fix = FixIt(
                    message: BehaveFixIt(message: "remove inout"),
                    changes: [.replace(oldNode: Syntax(attributed), newNode: Syntax(fixed.with(\.leadingTrivia, [])))])
                return (.inoutParameter, [fix])
            }
            if parameter.ellipsis != nil {
                var fixed = parameter
                fixed.type = TypeSyntax(ArrayTypeSyntax(element: parameter.type.trimmed))
                fixed.ellipsis = nil
                let fix = FixIt(
                    message: BehaveFixIt(message: "take an array"),
                    changes: [.replace(oldNode: Syntax(parameter), newNode: Syntax(fixed))])
                return (.variadicParameter, [fix])
            }
            return nil
        }

        /// Whether `type` names Behave's `ActionContext`.
        private static func isContext(_ type: TypeSyntax) -> Bool {
            ["ActionContext", "Behave.ActionContext"].contains(type.trimmedDescription)
        }
    }
#endif
