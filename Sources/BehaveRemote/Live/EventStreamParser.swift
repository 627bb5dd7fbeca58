#if Remote
    /// Reads a `text/event-stream` (server-sent events, as the HTML standard defines them) as it
    /// arrives, in pieces of any size: lines end with CR, LF or CRLF; `event:`, `data:` (several
    /// lines join with a line feed), `id:` and `retry:` fields; `:` starts a comment; a blank line
    /// ends a message.
    ///
    /// Nothing grows without a bound: a line, and a message's data, may hold at most `limit` bytes
    /// (0 for no bound). A message with a line or data over it is refused whole, once, and the
    /// stream goes on with the next one.
    package struct EventStreamParser {
        /// One message, as the blank line that ends it dispatches it.
        package struct Message: Equatable {
            /// The `event:` field, nil when the message has none.
            package var event: String?
            /// The `data:` lines, joined with line feeds.
            package var data: String
            /// The last `id:` seen so far in the stream (it carries over to later messages).
            package var id: String
        }

        /// What a piece of the stream yields.
        package enum Output: Equatable {
            case message(Message)
            /// A message left out because it is over the limit; the reason says which part.
            case refused(String)
            /// The server's `retry:`, in milliseconds: the delay before reconnecting.
            case retry(Int)
        }

        package let limit: Int
        private var line: [UInt8] = []
        private var lineTooLong = false
        private var afterCR = false
        /// How much of a byte-order mark the stream started with; -1 once past it.
        private var markSeen = 0
        private var eventType = ""
        private var data: [UInt8] = []
        private var hasData = false
        private var refusal: String?
        /// The `id:` buffer, which a message's dispatch makes the stream's last event id.
        private var idBuffer = ""
        /// The id a reconnection sends as `Last-Event-ID`: set when a message ends, as browsers do.
        package private(set) var lastEventID = ""

        package init(limit: Int, lastEventID: String = "") {
            self.limit = limit
            self.lastEventID = lastEventID
            idBuffer = lastEventID
        }

        /// Reads `bytes`, calling `emit` for each message, refusal and `retry:` they complete.
        package mutating func feed(_ bytes: some Sequence<UInt8>, _ emit: (Output) -> Void) {
            for byte in bytes {
                // A byte-order mark may start the stream and is not part of the first line.
                if markSeen >= 0 {
                    if byte == Self.byteOrderMark[markSeen] {
                        markSeen = markSeen == 2 ? -1 : markSeen + 1
                        continue
                    }
                    let held = Self.byteOrderMark.prefix(markSeen)
                    markSeen = -1
                    for earlier in held { take(earlier, emit) }
                }
                take(byte, emit)
            }
        }

        private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

        private mutating func take(_ byte: UInt8, _ emit: (Output) -> Void) {
            if afterCR {
                afterCR = false
                if byte == 0x0A { return }  // the LF of a CRLF
            }
            switch byte {
            case 0x0D:
                afterCR = true
                endLine(emit)
            case 0x0A:
                endLine(emit)
            default:
                if limit > 0 && line.count >= limit {
                    lineTooLong = true  // the rest of the line is dropped as it comes
                } else {
                    line.append(byte)
                }
            }
        }

        private mutating func endLine(_ emit: (Output) -> Void) {
            defer {
                line.removeAll(keepingCapacity: line.count <= 4096)
                lineTooLong = false
            }
            if lineTooLong {
                refusal = refusal ?? "a line is longer than the limit of \(limit) bytes"
                return
            }
            if line.isEmpty { return dispatch(emit) }
            if line.first == UInt8(ascii: ":") { return }  // a comment: a keep-alive, usually
            let colon = line.firstIndex(of: UInt8(ascii: ":"))
            let name = String(decoding: line[..<(colon ?? line.endIndex)], as: UTF8.self)
            var value = colon.map { line[($0 + 1)...] } ?? []
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
            switch name {
            case "event":
                eventType = String(decoding: value, as: UTF8.self)
            case "data":
                if hasData { data.append(0x0A) }
                hasData = true
                data.append(contentsOf: value)
                if limit > 0 && data.count > limit {
                    refusal = refusal ?? "its data is longer than the limit of \(limit) bytes"
                    data = []
                }
            case "id":
                // The standard ignores an id with NUL; one with any control character is ignored
                // too, since no Last-Event-ID header could carry it.
                if !value.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
                    idBuffer = String(decoding: value, as: UTF8.self)
                }
            case "retry":
                if !value.isEmpty, value.count <= 9, value.allSatisfy({ (0x30...0x39).contains($0) }) {
                    emit(.retry(Int(String(decoding: value, as: UTF8.self)) ?? 0))
                }
            default:
                break  // fields the standard does not name are ignored
            }
        }

        private mutating func dispatch(_ emit: (Output) -> Void) {
            lastEventID = idBuffer
            defer {
                eventType = ""
                data = []
                hasData = false
                refusal = nil
            }
            if let refusal { return emit(.refused(refusal)) }
            guard hasData else { return }
            emit(
                .message(
                    Message(
                        event: eventType.isEmpty ? nil : eventType, data: String(decoding: data, as: UTF8.self),
                        id: idBuffer)))
        }
    }
#endif
