#if Macros
    import SwiftCompilerPlugin
    import SwiftSyntaxMacros

    /// The compiler plugin that expands `@BehaveModule` and `@BehaveIgnored`.
    @main
    struct BehaveMacrosPlugin: CompilerPlugin {
        let providingMacros: [any Macro.Type] = [BehaveModuleMacro.self, BehaveIgnoredMacro.self]
    }
#else
    /// Without the Macros trait (swift-syntax not resolved) the package still builds: the plugin is
    /// a program that expands nothing, and no target uses the macros.
    @main
    enum BehaveMacrosPlugin {
        static func main() {}
    }
#endif
