extension PlainValue {
    /// The value as a Lua expression: strings quoted, integers and floats kept apart, arrays and
    /// objects as table constructors (keys sorted), `null` as `nil`.
    public var luaText: String {
        var out = ""
        writeLua(to: &out)
        return out
    }

    private func writeLua(to out: inout String) {
        switch self {
        case .null: out += "nil"
        case .bool(let b): out += b ? "true" : "false"
        case .integer(let i): out += i == .min ? "math.mininteger" : String(i)
        case .number(let d):
            if d.isNaN {
                out += "0/0"
            } else if d.isInfinite {
                out += d > 0 ? "1/0" : "-1/0"
            } else {
                out += Self.floatText(d)
            }
        case .string(let s): LuaLiteral.quoted(s, into: &out)
        case .array(let elements):
            out += "{"
            for (offset, element) in elements.enumerated() {
                if offset > 0 { out += ", " }
                element.writeLua(to: &out)
            }
            out += "}"
        case .object(let members):
            out += "{"
            for (offset, key) in members.keys.sorted().enumerated() {
                if offset > 0 { out += ", " }
                out += LuaLiteral.isIdentifier(key) ? key : "[" + LuaLiteral.quote(key) + "]"
                out += " = "
                members[key]?.writeLua(to: &out)
            }
            out += "}"
        }
    }
}
