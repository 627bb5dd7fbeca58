#if canImport(Glibc)
    import Glibc
#endif

/// Flushing Swift's buffered stdout before writing to stderr or exiting.
enum StandardOutput {
    static func flush() { fflush(nil) }  // nil flushes every output stream, stdout included
}
