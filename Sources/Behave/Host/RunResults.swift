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
/// A behaviour chooses what it returns, so the copy is bounded: tables nest at most
/// ``maximumDepth`` levels and hold at most ``maximumValues`` values in all; what lies past
/// either (a table that contains itself, say) is the string `"…"`. Functions, coroutines and
/// userdata are the string naming their type, as in the trace.
public struct RunResults: RandomAccessCollection, Sendable, Equatable {
    /// Levels of nested tables copied.
    public static let maximumDepth = 100
    /// Values copied out of the tables among the results, all tables together.
    public static let maximumValues = 1_000_000

    /// The values, in the order the chunk returned them.
    public let values: [PlainValue]

    /// Results made of these values.
    public init(_ values: [PlainValue]) { self.values = values }

    public var startIndex: Int { values.startIndex }
    public var endIndex: Int { values.endIndex }
    public subscript(position: Int) -> PlainValue { values[position] }

    /// The result at `index` (the first by default) decoded as `type`; a missing result
    /// decodes as `nil`. Errors name the path that did not fit (`value.quantity: number
    /// expected, got string`).
    public func decode<T: Decodable>(_ type: T.Type, at index: Int = 0) throws -> T {
        let value = values.indices.contains(index) ? values[index] : .null
        return try LuaTableDecoder().decode(type, from: value.node)
    }

    /// Copies values read from a state, within the bounds.
    init(copying values: [LuaValue]) {
        var budget = Self.maximumValues
        // The values themselves are as many as Lua's stack holds: only tables spend the budget.
        self.values = values.map { value in
            budget += 1
            return PlainValue.copy(value, depth: 0, budget: &budget)
        }
    }
}

extension PlainValue {
    /// `value` as plain data, spending one unit of `budget` per value copied.
    static func copy(_ value: LuaValue, depth: Int, budget: inout Int) -> PlainValue {
        guard budget > 0 else { return .string("…") }
        budget -= 1
        switch value {
        case .nil: return .null
        case .boolean(let b): return .bool(b)
        case .integer(let i): return .integer(i)
        case .number(let d): return .number(d)
        case .string(let s): return .string(s.description)
        case .table(let table):
            guard depth < RunResults.maximumDepth else { return .string("…") }
            let pairs = table.pairs(limit: budget, stringBytes: Int.max)
            return copy(pairs, depth: depth, budget: &budget)
        case .function: return .string("function")
        case .userdata, .lightUserdata: return .string("userdata")
        case .thread: return .string("thread")
        }
    }

    /// A table's pairs as an array when its keys are exactly 1…n, else as an object whose keys
    /// are the keys' text.
    private static func copy(
        _ pairs: [(key: LuaValue, value: LuaValue)], depth: Int, budget: inout Int
    ) -> PlainValue {
        let count = Int64(pairs.count)
        let isArray =
            count > 0
            && pairs.allSatisfy { pair in
                guard case .integer(let i) = pair.key else { return false }
                return i >= 1 && i <= count
            }
        if isArray {
            var array = [PlainValue](repeating: .null, count: pairs.count)
            for pair in pairs {
                guard case .integer(let i) = pair.key else { continue }
                array[Int(i) - 1] = copy(pair.value, depth: depth + 1, budget: &budget)
            }
            return .array(array)
        }
        var members: [String: PlainValue] = [:]
        for pair in pairs {
            let key: String
            if case .string(let text) = pair.key { key = text.description } else { key = pair.key.description }
            members[key] = copy(pair.value, depth: depth + 1, budget: &budget)
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
