import CBehaveLua

/// A Lua value copied out of (or into) a state as a plain tree: what the Codable encoder and
/// decoder work on. Reading a table into a node refuses cycles and bounds nesting.
package indirect enum LuaNode {
    case `nil`
    case boolean(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    /// A table whose keys are exactly 1…n.
    case array([LuaNode])
    /// Any other table; keys are strings or integers.
    case map([(key: LuaNode, value: LuaNode)])

    static let maximumDepth = 200

    /// Copies the value at `index`; tables deeply, raw, refusing cycles and extreme depth.
    static func read(from stack: LuaStack, at index: Int32) throws -> LuaNode {
        var visiting = Set<UnsafeRawPointer>()
        return try read(stack, lua_absindex(stack.pointer, index), depth: 0, visiting: &visiting, path: { "value" })
    }

    private static func read(
        _ stack: LuaStack, _ index: Int32, depth: Int,
        visiting: inout Set<UnsafeRawPointer>, path: () -> String
    ) throws -> LuaNode {
        // The path is built only for an error: a closure, so a successful read formats nothing.
        let L = stack.pointer
        switch lua_type(L, index) {
        case LUA_TNIL, LUA_TNONE: return .nil
        case LUA_TBOOLEAN: return .boolean(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            return lua_isinteger(L, index) != 0
                ? .integer(lua_tointegerx(L, index, nil)) : .number(lua_tonumberx(L, index, nil))
        case LUA_TSTRING: return .string(LuaString(bytes: stack.bytes(at: index)).description)
        case LUA_TTABLE:
            guard depth < maximumDepth else {
                throw LuaDecodingError("\(path()): tables nested deeper than \(maximumDepth)")
            }
            let identity = lua_topointer(L, index)!
            guard visiting.insert(identity).inserted else {
                throw LuaDecodingError("\(path()): table contains itself (a cycle)")
            }
            defer { visiting.remove(identity) }
            guard lua_checkstack(L, 4) != 0 else { throw LuaDecodingError("\(path()): stack overflow") }
            var pairs: [(key: LuaNode, value: LuaNode)] = []
            lua_pushnil(L)
            while lua_next(L, index) != 0 {
                let key = try read(stack, lua_absindex(L, -2), depth: depth + 1, visiting: &visiting, path: path)
                let value: LuaNode
                do {
                    value = try read(
                        stack, lua_absindex(L, -1), depth: depth + 1, visiting: &visiting,
                        path: { "\(path()).\(key.keyDescription)" })
                } catch {
                    stack.pop(2)
                    throw error
                }
                pairs.append((key, value))
                stack.pop()
            }
            let n = pairs.count
            var array = [LuaNode](repeating: .nil, count: n)
            var isArray = n > 0
            for pair in pairs {
                guard case .integer(let i) = pair.key, i >= 1, i <= n else {
                    isArray = false
                    break
                }
                array[Int(i) - 1] = pair.value
            }
            return isArray ? .array(array) : .map(pairs)
        default:
            throw LuaDecodingError("\(path()): a \(stack.typeName(at: index)) cannot be decoded")
        }
    }

    var keyDescription: String {
        switch self {
        case .string(let s): s
        case .integer(let i): String(i)
        default: "?"
        }
    }

    var typeName: String {
        switch self {
        case .nil: "nil"
        case .boolean: "boolean"
        case .integer, .number: "number"
        case .string: "string"
        case .array, .map: "table"
        }
    }

    /// Pushes the tree as Lua values.
    func push(to stack: LuaStack) {
        let L = stack.pointer
        switch self {
        case .nil: lua_pushnil(L)
        case .boolean(let b): lua_pushboolean(L, b ? 1 : 0)
        case .integer(let i): lua_pushinteger(L, i)
        case .number(let d): lua_pushnumber(L, d)
        case .string(let s): s.push(to: stack)
        case .array(let elements):
            lua_createtable(L, Int32(clamping: elements.count), 0)
            guard stack.enterContainer() else { return }
            defer { stack.leaveContainer() }
            for (offset, element) in elements.enumerated() {
                element.push(to: stack)
                lua_rawseti(L, -2, lua_Integer(offset + 1))
            }
        case .map(let pairs):
            lua_createtable(L, 0, Int32(clamping: pairs.count))
            guard stack.enterContainer() else { return }
            defer { stack.leaveContainer() }
            for pair in pairs {
                pair.key.push(to: stack)
                pair.value.push(to: stack)
                lua_rawset(L, -3)
            }
        }
    }
}

/// A Lua value that does not decode into the requested Swift type.
public struct LuaDecodingError: Error, CustomStringConvertible {
    /// What did not match, with a path into the value (`value.user.age: number expected, got string`).
    public var description: String
    init(_ description: String) { self.description = description }
}
