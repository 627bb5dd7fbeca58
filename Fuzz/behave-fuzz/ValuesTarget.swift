import Behave
import BehaveLua
import FuzzSupport

/// Values pushed into Lua and read back: a ``PlainValue`` built from the input (any kind, any
/// depth, any string bytes) is handed to a Lua function that returns it, and what comes back
/// must hold what went in, as Lua holds it (a `null` is no entry; an array is keys 1…n). Past
/// ``LuaStack/maximumNesting`` the call must fail cleanly instead.
enum ValuesTarget: FuzzTarget {
    static let name = "values"

    /// A state kept across inputs, as an app keeps its host (its memory capped), and the function
    /// that hands its arguments back.
    nonisolated(unsafe) static let identity: LuaFunction = {
        guard let lua = try? LuaState(memoryLimit: 256 << 20),
            let identity = try? lua.load("return ...", chunkName: "=identity")
        else { fatalError("values: no Lua state") }
        return identity
    }()

    static func check(_ input: [UInt8]) {
        var reader = Reader(bytes: input)
        let value = reader.value(depth: 0)
        let depth = value.depth
        do {
            let results = try identity.call(arguments: [value, "after"])
            if depth > LuaStack.maximumNesting { finding("a value \(depth) deep was handed to Lua") }
            guard results.count == 2, results[1].string == "after" else {
                finding("the call returned \(results.count) values")
            }
            let sent = canonical(value)
            let back = canonical(results[0])
            if sent != back { finding("sent \(sent.prefix(200)), read back \(back.prefix(200))") }
        } catch {
            if depth <= LuaStack.maximumNesting { finding("a value \(depth) deep was refused: \(error)") }
        }
    }

    /// The value as Lua holds it, written out with sorted keys.
    static func canonical(_ value: PlainValue) -> String {
        switch value {
        case .null: return "nil"
        case .bool(let b): return "\(b)"
        case .integer(let i): return "i\(i)"
        case .number(let d): return "n\(d)"
        case .string(let s): return "s\(Array(s.utf8))"
        case .array(let elements):
            let entries = elements.enumerated().compactMap { offset, element in
                element == .null ? nil : ("i\(offset + 1)", canonical(element))
            }
            return table(entries)
        case .object(let members):
            let entries = members.compactMap { key, element in
                element == .null ? nil : ("s\(Array(key.utf8))", canonical(element))
            }
            return table(entries)
        }
    }

    static func canonical(_ value: LuaValue) -> String {
        switch value {
        case .nil: return "nil"
        case .boolean(let b): return "\(b)"
        case .integer(let i): return "i\(i)"
        case .number(let d): return "n\(d)"
        case .string(let s): return "s\(s.bytes)"
        case .table(let t): return table(t.pairs.map { (canonical($0.key), canonical($0.value)) })
        default: return "?\(value.typeName)"
        }
    }

    private static func table(_ entries: [(String, String)]) -> String {
        "{" + entries.sorted { $0.0 < $1.0 }.map { "\($0.0)=\($0.1)" }.joined(separator: ",") + "}"
    }

    /// Turns bytes into a value: each byte picks a kind, the bytes after it fill it in.
    struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func byte() -> UInt8 {
            guard index < bytes.count else { return 0 }
            defer { index += 1 }
            return bytes[index]
        }

        mutating func string() -> String {
            let count = Int(byte() % 32)
            var text: [UInt8] = []
            for _ in 0..<count { text.append(byte()) }
            return String(decoding: text, as: UTF8.self)
        }

        mutating func value(depth: Int) -> PlainValue {
            if depth > 4 * LuaStack.maximumNesting { return .null }
            let kind = byte()
            switch kind % 9 {
            case 0: return .null
            case 1: return .bool(kind & 0x10 != 0)
            case 2:
                var bits: UInt64 = 0
                for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
                return .integer(Int64(bitPattern: bits))
            case 3:
                var bits: UInt64 = 0
                for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
                return .number(Double(bitPattern: bits))
            case 4, 5: return .string(string())
            case 6:
                let count = Int(byte() % 8)
                return .array((0..<count).map { _ in value(depth: depth + 1) })
            case 7:
                var members: [String: PlainValue] = [:]
                for _ in 0..<Int(byte() % 8) { members[string()] = value(depth: depth + 1) }
                return .object(members)
            default:
                // A chain: one byte asks for many levels, so the nesting limit is reached.
                let levels = Int(byte()) * 5
                var inner = value(depth: depth + levels)
                for _ in 0..<levels { inner = .array([inner]) }
                return inner
            }
        }
    }
}

extension PlainValue {
    /// How many containers deep the value goes (a scalar is 0).
    var depth: Int {
        switch self {
        case .array(let elements): 1 + (elements.map(\.depth).max() ?? 0)
        case .object(let members): 1 + (members.values.map(\.depth).max() ?? 0)
        default: 0
        }
    }
}
