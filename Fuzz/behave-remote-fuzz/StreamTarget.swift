#if Remote
    import BehaveRemote
    import FuzzSupport

    /// Any bytes as a server-sent event stream (`--events https://…`), read with a small limit:
    /// read whole or in pieces of any size it gives the same messages, refusals and `retry:`s,
    /// and no message's data is over the limit.
    enum StreamTarget: FuzzTarget {
        static let name = "stream"
        static let limit = 64

        static func check(_ input: [UInt8]) {
            guard let first = input.first else { return }
            let whole = outputs(of: [input])
            // The network splits a stream anywhere: in a CRLF, a UTF-8 sequence, a byte-order mark.
            let size = Int(first % 7) + 1
            let pieces = stride(from: 0, to: input.count, by: size).map {
                Array(input[$0..<min($0 + size, input.count)])
            }
            guard outputs(of: pieces) == whole else {
                finding("read in pieces of \(size) bytes, the stream reads otherwise")
            }
            for case .message(let message) in whole where message.data.unicodeScalars.count > limit {
                finding(
                    "a message of \(message.data.unicodeScalars.count) characters passed the limit of \(limit) bytes")
            }
        }

        static func outputs(of pieces: [[UInt8]]) -> [EventStreamParser.Output] {
            var parser = EventStreamParser(limit: limit)
            var outputs: [EventStreamParser.Output] = []
            for piece in pieces { parser.feed(piece) { outputs.append($0) } }
            return outputs
        }
    }
#endif
