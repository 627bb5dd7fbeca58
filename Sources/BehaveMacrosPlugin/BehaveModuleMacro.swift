// Without the Macros trait swift-syntax is not resolved, and the plugin is an empty program.
#if Macros
    import SwiftDiagnostics
    import SwiftSyntax
    import SwiftSyntaxMacros

    /// `@BehaveModule`: an extension making the type a `BehaveModule` whose actions are its methods.
    public struct BehaveModuleMacro: ExtensionMacro {
        public static func expansion(
            of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
            providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
            in context: some MacroExpansionContext
        ) throws -> [ExtensionDeclSyntax] {
            guard let typeName = Self.name(of: declaration) else {
                context.diagnose(Diagnostic(node: node, message: BehaveModuleDiagnostic.notAType))
                return []
            }
            let arguments = node.arguments?.as(LabeledExprListSyntax.self) ?? []
            let access = Self.access(of: declaration)
            let declared = Self.declaredNames(in: declaration)
            var members: [String] = []
            if !declared.contains("name") {
                let name = arguments.first { $0.label == nil }?.expression.trimmedDescription
                members.append("\(access)var name: String { \(name ?? ActionMethod.literal(typeName)) }")
            }
            let doc =
                arguments.first { $0.label?.text == "doc" }?.expression.trimmedDescription
                ?? Self.nonEmptyLiteral(DocComment(declaration.leadingTrivia).summary)
            if let doc, !declared.contains("doc") {
                members.append("\(access)var doc: String { \(doc) }")
            }
            if let aliases = arguments.first(where: { $0.label?.text == "aliases" })?.expression,
                !declared.contains("aliases")
            {
                members.append("\(access)var aliases: [String] { \(aliases.trimmedDescription) }")
            }
            if !declared.contains("actions") {
                let actions = declaration.memberBlock.members.compactMap { $0.decl.as(FunctionDeclSyntax.self) }
                    .filter(ActionMethod.isCandidate).compactMap { ActionMethod($0, in: context) }
                let list = actions.map { "        " + $0.expression.description.replacingNewlines(indent: "        ") }
                let body = list.isEmpty ? "[]" : "[\n" + list.joined(separator: ",\n") + ",\n    ]"
                members.append("\(access)var actions: [Behave.Action] {\n    \(body)\n}")
            }
            let conformance =
                protocols.isEmpty ? "" : ": " + protocols.map(\.trimmedDescription).joined(separator: ", ")
            let source = "extension \(type.trimmedDescription)\(conformance) {\n\(members.joined(separator: "\n"))\n}"
            return [try ExtensionDeclSyntax("\(raw: source)")]
        }

        /// The simple name of a struct, class or enum; nil for anything else.
        private static func name(of declaration: some DeclGroupSyntax) -> String? {
            if let type = declaration.as(StructDeclSyntax.self) { return type.name.text }
            if let type = declaration.as(ClassDeclSyntax.self) { return type.name.text }
            if let type = declaration.as(EnumDeclSyntax.self) { return type.name.text }
            return nil
        }

        /// The modifier the generated members need to witness a public conformance.
        private static func access(of declaration: some DeclGroupSyntax) -> String {
            let modifiers = Set(declaration.modifiers.map(\.name.text))
            if !modifiers.isDisjoint(with: ["public", "open"]) { return "public " }
            return modifiers.contains("package") ? "package " : ""
        }

        /// The names of the type's own properties, which the extension must not declare again.
        private static func declaredNames(in declaration: some DeclGroupSyntax) -> Set<String> {
            var names: Set<String> = []
            for member in declaration.memberBlock.members {
                guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
                for binding in variable.bindings {
                    if let pattern = binding.pattern.as(IdentifierPatternSyntax.self) {
                        names.insert(pattern.identifier.text)
                    }
                }
            }
            return names
        }

        private static func nonEmptyLiteral(_ text: String) -> String? {
            text.isEmpty ? nil : ActionMethod.literal(text)
        }
    }

    extension String {
        /// The text with `indent` after each newline, so a nested expression lines up.
        fileprivate func replacingNewlines(indent: String) -> String {
            split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + indent)
        }
    }
#endif
