import ArgumentParser
import Behave
import CBehave

#if canImport(Glibc)
    import Glibc
#endif

/// The tool's version.
enum BehaveVersion {
    static let current = "0.2.0"
}
