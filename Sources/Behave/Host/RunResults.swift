import BehaveLua

/// What a run's main chunk returned, copied out of the Lua state as plain data: values an app
/// keeps, sends to another task, and decodes into its own `Decodable` types.
///
/// ```swift
/// struct Order: Decodable {
///     var item: String
///     var quantity: Int
/// }
/// let report = try await host.run(Behaviour(name: "order.lua", source: "return {item = 'tea', quantity = 2}"))
/// let order = try report.results.decode(Order.self)
/// ```
///
/// A behaviour chooses what it returns, so the copy is bounded whatever the tables hold: they
/// nest at most ``maximumDepth`` levels, hold at most ``maximumValues`` values and
/// ``maximumBytes`` bytes of strings in all, each counted where the copy reads it (a table that
/// contains itself, or one string a thousand times, costs a bounded copy). What lies past a bound
/// is the string `"…"`, and ``isTruncated`` says so: ``decode(_:at:)`` refuses a truncated copy.
/// Functions, coroutines and userdata are the string naming their type, as in the trace.
public struct RunResults: RandomAccessCollection, Sendable, Equatable {
    /// Levels of nested tables copied.
    public static let maximumDepth = 100
    /// Values copied out of the tables among the results, all tables together.
    public static let maximumValues = 100_000
    /// Bytes of strings copied, all values together.
    public static let maximumBytes = 64 << 20

    /// The values, in the order the chunk returned them.
    public let values: [PlainValue]
    /// Whether a bound cut the copy: some value is `"…"` where the state held more.
    public let isTruncated: Bool

    /// Results made of these values.
    public init(_ values: [PlainValue]) {
        self.values = values
        self.isTruncated = false
    }

    public var startIndex: Int { values.startIndex }
    public var endIndex: Int { values.endIndex }
    public subscript(position: Int) -> PlainValue { values[position] }

    /// The result at `index` (the first by default) decoded as `type`; a missing result
    /// decodes as `nil`. Errors name the path that did not fit (`value.quantity: number
    /// expected, got string`); a truncated copy is an error, never a value that decodes by chance.
    public func decode<T: Decodable>(_ type: T.Type, at index: Int = 0) throws -> T {
        if isTruncated { throw TruncatedCopy() }
        let value = values.indices.contains(index) ? values[index] : .null
        return try LuaTableDecoder().decode(type, from: value.node)
    }

    /// Copies values read from a state, within the bounds.
    init(copying values: [LuaValue]) {
        let budget = CopyBudget(values: Self.maximumValues, bytes: Self.maximumBytes)
        // The values themselves are as many as Lua's stack holds: only what they contain counts.
        self.values = values.map { PlainValue.copy($0, depth: 0, budget: budget) }
        self.isTruncated = budget.truncated
    }
}

/// A copy of Lua values that a bound cut short (``RunResults/isTruncated``).
public struct TruncatedCopy: Error, CustomStringConvertible {
    public var description: String { "the values were too large to copy whole, and were cut" }
}

/// What a copy out of a state may still take, and whether it has cut anything: shared by every
/// level of the copy, so a class.
final class CopyBudget {
    var values: Int
    var bytes: Int
    var truncated = false

    init(values: Int, bytes: Int) {
        self.values = values
        self.bytes = bytes
    }

    /// `"…"`, noting the cut.
    func cut() -> PlainValue {
        truncated = true
        return .string("…")
    }

    /// `s` as Swift text when its bytes fit, charged; nil (and the copy cut) when not.
    func text(_ s: LuaString) -> String? {
        guard s.bytes.count <= bytes else {
            truncated = true
            return nil
        }
        bytes -= s.bytes.count
        return s.description
    }
}

extension PlainValue {
    /// `value` as plain data. Each pair of a table is charged to `budget` as the walk reads it,
    /// and each string's bytes as they are copied, so no shape of table (one that contains itself,
    /// or one string a thousand times) makes the copy exceed it.
    static func copy(_ value: LuaValue, depth: Int, budget: CopyBudget) -> PlainValue {
        switch value {
        case .nil: return .null
        case .boolean(let b): return .bool(b)
        case .integer(let i): return .integer(i)
        case .number(let d): return .number(d)
        case .string(let s): return budget.text(s).map(PlainValue.string) ?? budget.cut()
        case .table(let table):
            guard depth < RunResults.maximumDepth else { return budget.cut() }
            var entries: [(key: LuaValue, value: PlainValue)] = []
            let take: (LuaValue, LuaValue) -> Bool = { key, value in
                guard budget.values > 0 else {
                    budget.truncated = true
                    return false
                }
                budget.values -= 1
                entries.append((key, copy(value, depth: depth + 1, budget: budget)))
                return true
            }
            table.walkPairs(stringBytes: { budget.bytes + 1 }, take)
            return assemble(entries, budget: budget)
        case .function: return .string("function")
        case .userdata, .lightUserdata: return .string("userdata")
        case .thread: return .string("thread")
        }
    }

    /// A table's entries as an array when its keys are exactly 1…n, else as an object whose keys
    /// are the keys' text.
    private static func assemble(_ entries: [(key: LuaValue, value: PlainValue)], budget: CopyBudget) -> PlainValue {
        let count = Int64(entries.count)
        let isArray =
            count > 0
            && entries.allSatisfy { entry in
                guard case .integer(let i) = entry.key else { return false }
                return i >= 1 && i <= count
            }
        if isArray {
            var array = [PlainValue](repeating: .null, count: entries.count)
            for entry in entries {
                if case .integer(let i) = entry.key { array[Int(i) - 1] = entry.value }
            }
            return .array(array)
        }
        var members: [String: PlainValue] = [:]
        for entry in entries {
            let key: String
            if case .string(let text) = entry.key {
                guard let fitted = budget.text(text) else { continue }
                key = fitted
            } else {
                key = entry.key.description
            }
            members[key] = entry.value
        }
        return .object(members)
    }

    /// The tree the decoder reads.
    var node: LuaNode {
        switch self {
        case .null: .nil
        case .bool(let b): .boolean(b)
        case .integer(let i): .integer(i)
        case .number(let d): .number(d)
        case .string(let s): .string(s)
        case .array(let elements): .array(elements.map(\.node))
        case .object(let members): .map(members.map { (key: LuaNode.string($0.key), value: $0.value.node) })
        }
    }
}
