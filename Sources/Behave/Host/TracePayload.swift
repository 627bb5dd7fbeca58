import BehaveLua

/// A Lua value as the trace's JSON text, within a budget of bytes.
///
/// A behaviour controls the values it passes, and a table may be as large as its memory limit
/// allows, or reach itself many times over. The walk runs in Swift, where no Lua instruction counts
/// towards the time limit and no signal interrupts it, so its cost must not depend on the value:
/// each table yields at most ``entries`` pairs (read lazily, never the whole table), nesting
/// stops at ``depth`` levels, each string keeps at most ``stringBytes`` bytes, and once the text
/// reaches ``bytes`` every further value is written as `"…"`.
struct TracePayload {
    /// Pairs written per table.
    static let entries = 50
    /// Levels of nested tables written; deeper tables are `"table"`.
    static let depth = 3
    /// Bytes kept of one string; a longer one ends in `…`.
    static let stringBytes = 1024
    /// Bytes of JSON text per value, past which values are elided.
    static let bytes = 16 * 1024

    private(set) var text = ""

    /// `value` as JSON: tables as arrays or objects (raw), functions and other references as a
    /// string naming their type.
    static func json(_ value: LuaValue) -> String {
        var payload = TracePayload()
        payload.write(value, depth: 0)
        return payload.text
    }

    private mutating func write(_ value: LuaValue, depth: Int) {
        guard text.utf8.count < Self.bytes else {
            text += "\"…\""
            return
        }
        switch value {
        case .nil: text += "null"
        case .boolean(let b): text += b ? "true" : "false"
        case .integer(let i): text += "\(i)"
        case .number(let d): text += TraceEvent.number(d)
        case .string(let s): text += Self.quoted(s)
        case .table(let table):
            guard depth < Self.depth else {
                text += "\"table\""
                return
            }
            write(table.pairs(limit: Self.entries, stringBytes: Self.stringBytes + 1), depth: depth)
        case .function: text += "\"function\""
        case .userdata, .lightUserdata: text += "\"userdata\""
        case .thread: text += "\"thread\""
        }
    }

    private mutating func write(_ pairs: [(key: LuaValue, value: LuaValue)], depth: Int) {
        let isArray = pairs.enumerated().allSatisfy { offset, pair in pair.key.integer == Int64(offset + 1) }
        text += isArray ? "[" : "{"
        for (offset, pair) in pairs.enumerated() {
            if offset > 0 { text += "," }
            if !isArray {
                let key: LuaString
                if case .string(let name) = pair.key { key = name } else { key = LuaString("\(pair.key)") }
                text += Self.quoted(key) + ":"
            }
            write(pair.value, depth: depth + 1)
        }
        text += isArray ? "]" : "}"
    }

    /// A JSON string of at most ``stringBytes`` bytes of `s`, cut at a character's start.
    private static func quoted(_ s: LuaString) -> String {
        guard s.bytes.count > stringBytes else { return JSONText.quoted(s.description) }
        var end = stringBytes
        while end > 0 && s.bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return JSONText.quoted(String(decoding: s.bytes[..<end], as: UTF8.self) + "…")
    }
}
