/// The calls whose spelling differs between Linux and Apple platforms, behind one name each.
///
/// Built and tested on Linux (Glibc); the Darwin branches compile against Apple's SDK but are
/// not run by the tests here (docs/platforms.md).
package enum Platform {
    /// The platform's name as behaviours see it (`context.platform`): `linux`, `macos` or `other`.
    package static var name: String {
        #if os(Linux)
            "linux"
        #elseif os(macOS)
            "macos"
        #else
            "other"
        #endif
    }
}
