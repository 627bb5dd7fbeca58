/// Arrays and objects: their elements, separators and member names.
extension JSONParser {
    /// An array; with `each`, its elements go there instead of into the value.
    mutating func parseArray(
        start: SourcePosition, depth: Int, handingTo each: ((JSONValue) -> Void)? = nil
    ) throws(Failure) -> JSONValue {
        guard try opens(depth: depth, closedBy: "]") else { return JSONValue(kind: .array([]), position: start) }
        var elements: [JSONValue] = []
        while true {
            skipWhitespace()
            let element = try parseValue(depth: depth)
            if let each { each(element) } else { elements.append(element) }
            if try !continues(closedBy: "]", after: "an array element") {
                return JSONValue(kind: .array(elements), position: start)
            }
        }
    }

    /// Enters the container whose opening bracket is at `index`, at nesting `depth`: false when
    /// `close` follows at once (the container is empty and consumed), true when an element follows.
    private mutating func opens(depth: Int, closedBy close: Unicode.Scalar) throws(Failure) -> Bool {
        if depth > JSONParser.maximumDepth {
            throw fail("arrays and objects nest deeper than \(JSONParser.maximumDepth) levels")
        }
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: close) {
            index += 1
            return false
        }
        return true
    }

    /// After an element: true at ',' (another follows), false at `close` (the container ends),
    /// an error naming `what` otherwise. Consumes the separator.
    private mutating func continues(closedBy close: Unicode.Scalar, after what: String) throws(Failure) -> Bool {
        skipWhitespace()
        guard index < bytes.count else {
            throw fail("expected ',' or '\(close)' after \(what), found end of file (the file is truncated)")
        }
        if bytes[index] == UInt8(ascii: ",") || bytes[index] == UInt8(ascii: close) {
            index += 1
            return bytes[index - 1] == UInt8(ascii: ",")
        }
        throw fail("expected ',' or '\(close)' after \(what), found \(found)")
    }

    mutating func parseObject(start: SourcePosition, depth: Int) throws(Failure) -> JSONValue {
        guard try opens(depth: depth, closedBy: "}") else { return JSONValue(kind: .object([]), position: start) }
        var members: [(key: String, keyPosition: SourcePosition, value: JSONValue)] = []
        var names: [String: SourcePosition]?
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fail(
                    "expected a member name in double quotes, found \(found)\(index >= bytes.count ? " (the file is truncated)" : "")"
                )
            }
            let keyPosition = position
            let key = try parseString()
            // Two parsers of one document must never disagree on what it says (a signed
            // configuration read by another tool), so a repeated name is an error, not "the last
            // one wins". Small objects search their members; large ones hash, so a hostile object
            // of many names stays linear.
            if let first = names.map({ $0[key] }) ?? members.first(where: { $0.key == key })?.keyPosition {
                throw Failure(
                    position: keyPosition,
                    message:
                        "duplicate member name \"\(key.printable)\" (first at \(first)): each name may appear once in an object"
                )
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw fail("expected ':' after the member name \"\(key.printable)\", found \(found)")
            }
            index += 1
            skipWhitespace()
            members.append((key, keyPosition, try parseValue(depth: depth)))
            if names != nil {
                names![key] = keyPosition
            } else if members.count == 16 {
                names = Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.keyPosition) })
            }
            if try !continues(closedBy: "}", after: "an object member") {
                return JSONValue(kind: .object(members), position: start)
            }
        }
    }
}
