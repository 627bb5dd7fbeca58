import ArgumentParser
import Behave
import BehavePlatform

/// Where `--trace FILE` writes its JSON lines, within the run's output limit.
///
/// The trace is output the behaviour controls (its payloads, its arguments), so it is bounded as
/// `print` is: once the next line would pass `limit` bytes, one `{"type":"truncated",…}` line
/// says so and nothing more is written. The run itself goes on: the trace is a record of it, not
/// a part of it.
final class TraceOutput: @unchecked Sendable {
    private let fd: Int32
    /// Bytes still allowed (negative once the trace has ended); nil for no limit. Unlocked: a
    /// host reports to its observer on its own thread, and the tool runs one host at a time.
    private var remaining: Int?

    private init(fd: Int32, limit: Int) {
        self.fd = fd
        self.remaining = limit > 0 ? limit : nil
    }

    /// The trace for `path` (`-` is stderr), truncated, allowed `limit` bytes (0 for none); exit
    /// 73 with one line when it cannot be opened.
    static func create(_ path: String, limit: Int) throws(ExitCode) -> TraceOutput {
        let fd = path == "-" ? 2 : open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            StandardError.write(
                "\(BehaveTool.current.name): cannot write \(path): \(String(cString: strerror(errno)))\n")
            throw ExitCode(BehaveExit.cannotWrite)
        }
        return TraceOutput(fd: fd, limit: limit)
    }

    /// Makes `host` write its trace here.
    func attach(_ host: BehaveHost) {
        host.observer = { [self] in write($0.jsonLine) }
    }

    /// Writes `line` and a newline, or the line that ends the trace when it would pass the limit.
    func write(_ line: String) {
        let text: String?
        if let left = remaining {
            let size = line.utf8.count + 1
            if size <= left {
                remaining = left - size
                text = line + "\n"
            } else if left >= 0 {
                remaining = -1
                text = "{\"type\":\"truncated\",\"reason\":\"the trace reached the output limit\"}\n"
            } else {
                text = nil
            }
        } else {
            text = line + "\n"
        }
        if let text { StandardError.write(text, to: fd) }
    }
}
