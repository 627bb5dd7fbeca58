// Without the Macros trait swift-syntax is not resolved, and the plugin is an empty program.
#if Macros
    import SwiftDiagnostics
    import SwiftSyntax

    /// What `@BehaveModule` cannot make an action of, or be attached to.
    enum BehaveModuleDiagnostic: String, DiagnosticMessage {
        case notAType
        case genericMethod
        case rethrowsMethod
        case inoutParameter
        case variadicParameter
        case mutatingMethod

        var message: String {
            switch self {
            case .notAType:
                "@BehaveModule applies to a struct, class or enum"
            case .genericMethod:
                "a generic method cannot be an action: its types must be known to Lua; mark it @BehaveIgnored"
            case .rethrowsMethod:
                "a rethrows method cannot be an action: it takes a function, which Lua cannot pass; mark it @BehaveIgnored"
            case .inoutParameter:
                "an inout parameter cannot be an action's: Lua cannot see what the action writes back"
            case .variadicParameter:
                "a variadic parameter cannot be an action's; take an array, which Lua passes as a table"
            case .mutatingMethod:
                "a mutating method cannot be an action: the module's actions run on a copy of it; mark it @BehaveIgnored"
            }
        }

        var diagnosticID: MessageID { MessageID(domain: "BehaveMacros", id: rawValue) }
        var severity: DiagnosticSeverity { .error }
    }

    /// A fix-it's line.
    struct BehaveFixIt: FixItMessage {
        var message: String
        var fixItID: MessageID { MessageID(domain: "BehaveMacros", id: message) }
    }

    extension FixIt {
        /// Puts `@BehaveIgnored` before `function`, on a line of its own.
        static func ignore(_ function: FunctionDeclSyntax) -> FixIt {
            var ignored = function
            let indentation = Trivia(pieces: function.leadingTrivia.reversed().prefix { $0.isSpaceOrTab }.reversed())
            let attribute = AttributeSyntax(
                leadingTrivia: function.leadingTrivia, attributeName: IdentifierTypeSyntax(name: "BehaveIgnored"),
                trailingTrivia: .newline + indentation)
            ignored.leadingTrivia = []
            ignored.attributes = [.attribute(attribute)] + function.attributes
            return FixIt(
                message: BehaveFixIt(message: "mark it @BehaveIgnored"),
                changes: [.replace(oldNode: Syntax(function), newNode: Syntax(ignored))])
        }
    }

    extension TriviaPiece {
        fileprivate var isSpaceOrTab: Bool {
            switch self {
            case .spaces, .tabs: true
            default: false
            }
        }
    }
#endif
