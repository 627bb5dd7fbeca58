// Without the Macros trait swift-syntax is not resolved, and the plugin is an empty program.
#if Macros
    import SwiftSyntax
    import SwiftSyntaxMacros

    /// `@BehaveIgnored`: a marker `@BehaveModule` reads; it adds nothing itself.
    public struct BehaveIgnoredMacro: PeerMacro {
        public static func expansion(
            of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
            in context: some MacroExpansionContext
        ) throws -> [DeclSyntax] { [] }
    }
#endif
