import BehavePlatform
import CBehave

/// The process's stdout, which `print` buffers.
package enum StandardOutput {
    /// Writes out what is buffered (before stderr is written, before a wait, at exit). Returns
    /// why stdout could not take it (a full disk, a closed pipe), or nil.
    @discardableResult
    package static func flush() -> String? {
        behave_flush_stdout() != 0 ? nil : String(cString: strerror(errno))
    }
}
