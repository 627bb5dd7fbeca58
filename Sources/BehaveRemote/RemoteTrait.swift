// Without the Remote trait this target has none of the packages it imports; say which word turns
// them on before the compiler's "no such module" lines do.
#if !Remote
    #error("BehaveRemote needs Behave's Remote trait: .package(url: …, from: …, traits: [\"Remote\"])")
#endif
