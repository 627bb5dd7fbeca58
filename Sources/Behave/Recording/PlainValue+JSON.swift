extension PlainValue {
    /// The value as compact JSON text that ``PlainValue/init(_:)`` reads back to an equal value:
    /// integers without a fraction, floats always with one (or an exponent), so the two kinds stay
    /// apart; an object's keys in sorted order, so equal values write equal text. JSON has no
    /// infinity or NaN: those are written as `{"$float": "inf"}` (`"-inf"`, `"nan"`), which a
    /// recording reads back as the float.
    public var jsonText: String {
        var text = ""
        write(to: &text)
        return text
    }

    func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let b): text += b ? "true" : "false"
        case .integer(let i): text += String(i)
        case .number(let d): text += Self.floatText(d)
        case .string(let s): text += JSONText.quoted(s)
        case .array(let elements):
            text += "["
            for (offset, element) in elements.enumerated() {
                if offset > 0 { text += "," }
                element.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (offset, key) in members.keys.sorted().enumerated() {
                if offset > 0 { text += "," }
                text += JSONText.quoted(key) + ":"
                members[key]?.write(to: &text)
            }
            text += "}"
        }
    }

    /// A float's shortest text that reads back to the same bits, with a `.0` when it would read
    /// back as an integer.
    static func floatText(_ d: Double) -> String {
        guard d.isFinite else { return "{\"$float\":\"\(d.isNaN ? "nan" : (d > 0 ? "inf" : "-inf"))\"}" }
        let text = "\(d)"
        return text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? text : text + ".0"
    }

    /// The value with each `{"$float": …}` object ``jsonText`` wrote for a float JSON cannot hold
    /// read back as that float.
    var restoringFloats: PlainValue {
        switch self {
        case .object(let members):
            if members.count == 1, case .string(let text)? = members["$float"] {
                switch text {
                case "inf": return .number(.infinity)
                case "-inf": return .number(-.infinity)
                case "nan": return .number(.nan)
                default: break
                }
            }
            return .object(members.mapValues(\.restoringFloats))
        case .array(let elements): return .array(elements.map(\.restoringFloats))
        default: return self
        }
    }

    /// About how many bytes the value's JSON text takes, without writing it: what the flight
    /// recorder charges an entry to its byte cap.
    var estimatedBytes: Int {
        switch self {
        case .null, .bool: 5
        case .integer, .number: 12
        case .string(let s): s.utf8.count + 2
        case .array(let elements): elements.reduce(2) { $0 + $1.estimatedBytes + 1 }
        case .object(let members): members.reduce(2) { $0 + $1.key.utf8.count + 4 + $1.value.estimatedBytes }
        }
    }
}
