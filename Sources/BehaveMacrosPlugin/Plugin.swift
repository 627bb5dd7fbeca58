import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that expands `@BehaveModule` and `@BehaveIgnored`.
@main
struct BehaveMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [BehaveModuleMacro.self, BehaveIgnoredMacro.self]
}
