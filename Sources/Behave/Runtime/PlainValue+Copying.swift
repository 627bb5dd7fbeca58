import BehaveLua

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
