import Behave
import BehavePlatform

/// One Debug Adapter Protocol connection: messages framed by a `Content-Length` header, read
/// from one descriptor and written to another (stdin and stdout, or both a TCP socket).
///
/// Reads are bounded: a header line past a kilobyte or a body past ``maxBody`` ends the
/// connection with an error the adapter reports, since nothing after it can be framed.
public final class DAPConnection: @unchecked Sendable {
    /// The largest body read: far above what an editor sends (a launch, a breakpoint list).
    static let maxBody = 4 << 20

    enum ReadError: Error, Equatable {
        case ended
        case badHeader(String)
        case tooLarge(Int)
    }

    private let input: Int32
    private let output: Int32
    private let writeLock = Lock()
    private var buffer: [UInt8] = []
    private var sequence = 0

    /// A connection that reads from descriptor `input` and writes to `output`.
    public init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
    }

    /// The next message's body, as bytes (the adapter parses it).
    func read() throws(ReadError) -> [UInt8] {
        var length: Int?
        while true {
            let line = try readLine()
            if line.isEmpty { break }
            let parts = line.split(separator: ":", maxSplits: 1).map { String($0).trimmingWhitespace() }
            guard parts.count == 2 else { throw .badHeader("a header line without a colon") }
            if parts[0].lowercased() == "content-length" {
                guard let n = Int(parts[1]), n >= 0 else { throw .badHeader("Content-Length is not a number") }
                length = n
            }
        }
        guard let length else { throw .badHeader("no Content-Length header") }
        guard length <= Self.maxBody else { throw .tooLarge(length) }
        while buffer.count < length { try fill() }
        let body = Array(buffer[0..<length])
        buffer.removeFirst(length)
        return body
    }

    /// Sends `message` (its `seq` is set here), whole, from any thread.
    func send(_ message: [String: Any]) {
        writeLock.withLock {
            sequence += 1
            var message = message
            message["seq"] = sequence
            let body = Array(DAPJSON.text(message).utf8)
            write(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
        }
    }

    /// Writes all of `bytes`, or as much as the peer takes before it goes away.
    private func write(_ bytes: [UInt8]) {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Platform.write(output, $0.baseAddress! + written, bytes.count - written) }
            if n <= 0 { return }
            written += n
        }
    }

    private func readLine() throws(ReadError) -> String {
        while true {
            if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[..<end])
                buffer.removeFirst(end + 1)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            if buffer.count > 1024 { throw .badHeader("a header line longer than 1024 bytes") }
            try fill()
        }
    }

    private func fill() throws(ReadError) {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let n = chunk.withUnsafeMutableBytes { Platform.read(input, into: $0) }
        if n <= 0 { throw .ended }
        buffer.append(contentsOf: chunk[0..<n])
    }
}
