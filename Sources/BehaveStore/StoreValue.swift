import Behave
import BehaveLua

/// A behaviour's value as the store keeps it: JSON's kinds, read strictly from Lua. Unlike an
/// event's payload, nothing is guessed: a function, a table mixing a list with named fields, a
/// table that holds itself or a number JSON cannot write is refused with the reason, so what a
/// behaviour reads back is what it wrote.
enum StoreValue {
    /// How deep tables may nest in a stored value.
    static let maximumDepth = 64

    /// `value` as plain data to keep under `key`, spending each table entry and string byte from
    /// `quota`, so a value too large for it is refused before it is all read.
    static func plain(_ value: LuaValue, key: String, quota: Int) throws(LuaScriptError) -> PlainValue {
        var budget = quota
        var seen: Set<UnsafeRawPointer> = []
        do { return try plain(value, budget: &budget, depth: 0, seen: &seen) } catch {
            // The walk stops where the budget runs out: that refusal names the key and the quota.
            guard budget < 0 else { throw error }
            throw LuaScriptError("store: the value for '\(key)' is larger than the store's quota of \(quota) bytes")
        }
    }

    /// `seen` holds the tables the walk has entered: JSON has no shared tables, and a table met
    /// twice (a cycle, or one table under two keys) would be walked again each time, so that a
    /// value of a few tables could cost the host work in proportion to the quota.
    private static func plain(_ value: LuaValue, budget: inout Int, depth: Int, seen: inout Set<UnsafeRawPointer>)
        throws(LuaScriptError) -> PlainValue
    {
        switch value {
        case .nil: return .null
        case .boolean(let b): return .bool(b)
        case .integer(let i): return .integer(i)
        case .number(let d):
            guard d.isFinite else {
                throw LuaScriptError("store: \(d.isNaN ? "nan" : "\(d)") cannot be stored (JSON has no such number)")
            }
            return .number(d)
        case .string(let s):
            budget -= s.bytes.count
            guard budget >= 0 else { throw full }
            return .string(try text(s))
        case .table(let table):
            guard depth < maximumDepth else {
                throw LuaScriptError("store: tables nested deeper than \(maximumDepth) cannot be stored")
            }
            let stack = table.state.stack
            guard stack.reserve(1) else { throw LuaScriptError("store: no room on the Lua stack") }
            table.push(to: stack)
            let address = stack.address(at: -1)
            stack.pop()
            guard let address, seen.insert(address).inserted else {
                throw LuaScriptError(
                    "store: a table that appears twice in a value (or holds itself) cannot be stored: JSON has no shared tables"
                )
            }
            return try plain(table, budget: &budget, depth: depth, seen: &seen)
        case .function, .userdata, .lightUserdata, .thread:
            throw LuaScriptError(
                "store: a \(value.typeName) cannot be stored (only nil, booleans, numbers, strings and tables of them)")
        }
    }

    /// A table as a list when its keys are exactly 1…n, as an object when they are all strings.
    private static func plain(_ table: LuaTable, budget: inout Int, depth: Int, seen: inout Set<UnsafeRawPointer>)
        throws(LuaScriptError) -> PlainValue
    {
        var list: [Int64: PlainValue] = [:]
        var object: [String: PlainValue] = [:]
        var failure: LuaScriptError?
        var room = budget
        let stringBytes = { max(0, room) + 1 }
        table.walkPairs(stringBytes: stringBytes) { key, value in
            do throws(LuaScriptError) {
                room -= 2
                guard room >= 0 else { throw full }
                let element = try plain(value, budget: &room, depth: depth + 1, seen: &seen)
                switch key {
                case .integer(let index): list[index] = element
                case .string(let name):
                    room -= name.bytes.count
                    guard room >= 0 else { throw full }
                    let field = try text(name)
                    // Swift compares strings as Unicode text: two spellings of one text would merge.
                    guard object.updateValue(element, forKey: field) == nil else {
                        throw LuaScriptError("store: a table has two keys that are one text in two Unicode spellings")
                    }
                default:
                    throw LuaScriptError("store: a table key must be a string or a list index, not a \(key.typeName)")
                }
                return true
            } catch {
                failure = error
                return false
            }
        }
        budget = room
        if let failure { throw failure }
        if list.isEmpty { return .object(object) }
        guard object.isEmpty else {
            throw LuaScriptError("store: a table must be a list (keys 1…n) or have only string keys, not both")
        }
        guard list.keys.allSatisfy({ $0 >= 1 && $0 <= list.count }) else {
            throw LuaScriptError("store: a list's keys must be 1…n, with no gaps")
        }
        return .array((1...list.count).map { list[Int64($0)] ?? .null })
    }

    /// A string's text: JSON holds UTF-8 text, not bytes.
    static func text(_ string: LuaString) throws(LuaScriptError) -> String {
        guard let text = string.string else {
            throw LuaScriptError("store: a string that is not UTF-8 text cannot be stored")
        }
        return text
    }

    /// What the walk stops with where the budget runs out; ``plain(_:key:quota:)`` says why.
    private static var full: LuaScriptError { LuaScriptError("store: over the quota") }

    /// The bytes a namespace holding `values` takes against its quota.
    static func size(of values: [String: PlainValue]) -> Int {
        values.reduce(0) { $0 + size(of: $1.value, key: $1.key) }
    }

    /// The bytes `value` takes in the store under `key`: its JSON text and the key's, as the
    /// file holds them (escapes included).
    static func size(of value: PlainValue, key: String) -> Int {
        JSONText.quoted(key).utf8.count + value.jsonText.utf8.count
    }
}
