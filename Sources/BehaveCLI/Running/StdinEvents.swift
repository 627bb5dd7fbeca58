import Behave

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--events -`: events read from stdin, one JSON object per line, as they come; each is
/// delivered `after` seconds after the previous one, or when it arrives if that is later
/// (so piping an events file replays it as `--events FILE` does). A line that does not
/// parse is reported (with `stdin:LINE:COLUMN`) and skipped; end of input closes the
/// channel, so the behaviour may finish.
enum StdinEvents {
    static func start() -> EventChannel {
        let channel = EventChannel()
        // Blocking reads get a thread of their own, never one of Swift's concurrency pool.
        ReaderThread.start {
            var number = 0
            while let line = readLine(strippingNewline: true) {
                number += 1
                do {
                    if let event = try TimedEvent.parseLine(Array(line.utf8), line: number, file: "stdin") {
                        channel.send(event.name, event.data, after: event.after)
                    }
                } catch {
                    StandardError.write("\(error)\n")
                }
            }
            channel.finish()
        }
        return channel
    }
}
