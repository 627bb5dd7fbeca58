import Behave

/// The protocol's messages as the adapter handles them, `[String: Any]` trees, read from and
/// written as JSON with the package's own parser: numbers written without a fraction or an
/// exponent come back as `Int`, others as `Double`, `null` as ``DAPJSON/null``.
enum DAPJSON {
    /// What a JSON `null` reads as (a dictionary's `nil` would drop the key).
    struct Null {}
    static let null = Null()

    /// The object `bytes` hold, or nil when they are no JSON object.
    static func object(_ bytes: [UInt8]) -> [String: Any]? {
        guard let value = try? JSONParser.parse(bytes) else { return nil }
        return tree(value) as? [String: Any]
    }

    private static func tree(_ value: JSONValue) -> Any {
        switch value.kind {
        case .null: return null
        case .bool(let b): return b
        case .number(let text):
            if let n = Int(text) { return n }  // a fraction or an exponent is no Int's text
            return Double(text) ?? 0
        case .string(let s): return s
        case .array(let items): return items.map(tree)
        case .object(let members):
            return Dictionary(members.map { ($0.key, tree($0.value)) }, uniquingKeysWith: { $1 })
        }
    }

    /// `value` as JSON, object keys sorted; what JSON cannot hold (an infinite number) is `null`.
    static func text(_ value: Any) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }

    private static func write(_ value: Any, into out: inout String) {
        switch value {
        case let s as String: out += JSONText.quoted(s)
        case let b as Bool: out += b ? "true" : "false"
        case let n as Int: out += String(n)
        case let d as Double: out += JSONText.number(d)
        case let items as [Any]:
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                write(item, into: &out)
            }
            out += "]"
        case let object as [String: Any]:
            out += "{"
            for (i, key) in object.keys.sorted().enumerated() {
                if i > 0 { out += "," }
                out += JSONText.quoted(key) + ":"
                write(object[key]!, into: &out)
            }
            out += "}"
        case is Null: out += "null"
        default: out += JSONText.quoted("\(value)")
        }
    }
}
