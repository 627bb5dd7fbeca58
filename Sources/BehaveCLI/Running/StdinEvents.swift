import Behave
import BehaveLua
import BehavePlatform

/// `--events -`: events read from stdin, one JSON object per line, as they come; each is
/// delivered `after` seconds after the previous one, or when it arrives if that is later
/// (so piping an events file replays it as `--events FILE` does). A line that does not
/// parse, or holds more than the input limit, is reported (with `stdin:LINE:COLUMN`) and
/// skipped; end of input closes the channel, so the behaviour may finish.
enum StdinEvents {
    /// Starts reading; `lineLimit` is the most bytes one line may hold (0 for any).
    static func start(lineLimit: Int) -> EventChannel {
        let channel = EventChannel()
        // Blocking reads get a thread of their own, never one of Swift's concurrency pool.
        Platform.startDetachedThread {
            var lines = LineReader(fd: 0, limit: lineLimit)
            var number = 0
            while let line = lines.next() {
                number += 1
                switch line {
                case .tooLong:
                    StandardError.write(
                        "stdin:\(number): the line is longer than the input limit of \(LuaState.formatBytes(lineLimit)) (--max-input); skipped\n"
                    )
                case .text(let bytes):
                    do {
                        if let event = try TimedEvent.parseLine(bytes, line: number, file: "stdin") {
                            channel.send(event.name, event.data, after: event.after)
                        }
                    } catch {
                        StandardError.write("\(error)\n")
                    }
                }
            }
            channel.finish()
        }
        return channel
    }
}
