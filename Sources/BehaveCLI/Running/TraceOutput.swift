import ArgumentParser
import Behave
import BehavePlatform

/// Where `--trace FILE` writes its JSON lines.
enum TraceOutput {
    /// The descriptor for `path` (`-` is stderr), truncated; exit 73 with one line when it cannot
    /// be opened.
    static func descriptor(for path: String) throws(ExitCode) -> Int32 {
        let fd = path == "-" ? 2 : open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            StandardError.write(
                "\(BehaveTool.current.name): cannot write \(path): \(String(cString: strerror(errno)))\n")
            throw ExitCode(BehaveExit.cannotWrite)
        }
        return fd
    }

    /// Makes `host` write its trace to `fd`.
    static func attach(_ host: BehaveHost, to fd: Int32) {
        host.observer = { StandardError.write($0.jsonLine + "\n", to: fd) }
    }
}
