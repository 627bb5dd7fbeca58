#if Macros
    import BehaveMacrosPlugin
    import SwiftSyntaxMacroExpansion
    import SwiftSyntaxMacrosGenericTestSupport
    import Testing

    /// Expands `source` with Behave's macros and records a Swift Testing issue for each difference
    /// from `expanded` and `diagnostics` (and, when given, from the source after the fix-its).
    func expectExpansion(
        _ source: String, expands expanded: String, diagnostics: [DiagnosticSpec] = [], fixed: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        assertMacroExpansion(
            source, expandedSource: expanded, diagnostics: diagnostics,
            macroSpecs: [
                "BehaveModule": MacroSpec(type: BehaveModuleMacro.self, conformances: ["BehaveModule"]),
                "BehaveIgnored": MacroSpec(type: BehaveIgnoredMacro.self),
            ],
            fixedSource: fixed, indentationWidth: .spaces(4),
            failureHandler: { failure in
                Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
            })
    }
#endif
