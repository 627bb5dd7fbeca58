import CBehaveLua

/// A table on the stack, read field by field where it lies: the fast way for a Swift type to
/// take a Lua table of known fields.
///
/// ``LuaCodable`` is the convenient way (conform, write nothing); every field then goes through
/// Swift's `Decoder` machinery, which costs several times what the Lua lookups cost
/// (docs/performance.md). A type that is called often can read itself instead, for about twice what a C
/// function pays with `lua_getfield`:
///
/// ```swift
/// struct Trip: LuaReadable {
///     var destination: String
///     var seats: Int
///     var note: String?
///
///     static func read(from stack: LuaStack, at index: Int32) throws -> Trip {
///         let table = try LuaFields(stack, at: index)
///         return Trip(destination: try table["destination"], seats: try table["seats"], note: try table["note"])
///     }
/// }
/// ```
///
/// Registered with `lua.register("book") { (trip: Trip) in trip.seats }`, it is called as
/// `book{destination = "Oslo", seats = 2}`.
///
/// Each field is read with `T.read`, so it converts as an argument of type `T` would: a missing
/// field is `nil`, which an `Optional` accepts and anything else refuses. Errors name the field,
/// `bad argument #1 (field 'seats': number expected, got nil)`, and nest:
/// `field 'trip': field 'seats': …`.
///
/// Lookups are raw (`lua_rawget`): no metamethod runs, so nothing can raise while Swift is on the
/// C stack, and a proxy table with `__index` reads as the empty table it is. A field that holds a
/// table counts one level of nesting; past ``maximumDepth`` levels (a recursive type fed a table
/// that contains itself) the read fails instead of exhausting the stack.
public struct LuaFields {
    /// The stack the table is on.
    public let stack: LuaStack
    /// The table's absolute index.
    public let index: Int32

    /// How deeply tables may nest through fields holding tables, counted over every `LuaFields`
    /// read in progress on the state: 200, as for ``LuaCodable``.
    public static let maximumDepth = LuaNode.maximumDepth

    /// Reads the table at `index`, throwing ``LuaArgumentError`` (`table expected, got …`) for any
    /// other value.
    @inlinable
    public init(_ stack: LuaStack, at index: Int32) throws {
        guard lua_type(stack.pointer, index) == LUA_TTABLE else {
            throw LuaArgumentError(expected: "table", at: index, in: stack)
        }
        self.stack = stack
        self.index = lua_absindex(stack.pointer, index)
    }

    /// The field `name`, read as `T` (`nil` when absent).
    @inlinable
    public subscript<T: LuaReadable>(name: String) -> T {
        get throws {
            name.push(to: stack)
            return try readTop(T.self, type: lua_rawget(stack.pointer, index), field: name)
        }
    }

    /// The item at `position` (1-based, as Lua counts), read as `T` (`nil` when absent).
    @inlinable
    public subscript<T: LuaReadable>(position: Int) -> T {
        get throws {
            let type = lua_rawgeti(stack.pointer, index, lua_Integer(position))
            return try readTop(T.self, type: type, field: String(position))
        }
    }

    /// The table's border, as the `#` operator without metamethods gives it.
    @inlinable
    public var count: Int { Int(lua_rawlen(stack.pointer, index)) }

    /// Reads the value just pushed on top, pops it, and names the field in any error.
    @inlinable
    func readTop<T: LuaReadable>(_: T.Type, type: Int32, field: @autoclosure () -> String) throws -> T {
        let top = lua_gettop(stack.pointer)
        defer { lua_settop(stack.pointer, top - 1) }
        do {
            if type == LUA_TTABLE { return try readNested(T.self, at: top) }
            return try T.read(from: stack, at: top)
        } catch let error as LuaArgumentError {
            throw LuaArgumentError(position: index, reason: "field '\(field())': \(error.reason)")
        } catch is NestedTooDeep where isOutermost {
            // Named once, by the outermost table: one prefix per level would be hundreds long.
            throw LuaArgumentError(
                position: index, reason: "field '\(field())': tables nested deeper than \(Self.maximumDepth)")
        }
    }

    /// Whether no other `LuaFields` read is in progress around this one.
    @usableFromInline
    var isOutermost: Bool { stack.state.fieldDepth == 0 }

    /// A table inside a table: one level deeper, with room on the stack for its own fields.
    @usableFromInline
    func readNested<T: LuaReadable>(_: T.Type, at top: Int32) throws -> T {
        let state = stack.state
        guard state.fieldDepth < Self.maximumDepth else { throw NestedTooDeep() }
        guard lua_checkstack(stack.pointer, 2) != 0 else {
            throw LuaArgumentError(position: top, reason: "stack overflow")
        }
        state.fieldDepth += 1
        defer { state.fieldDepth -= 1 }
        return try T.read(from: stack, at: top)
    }
}

/// Thrown past ``LuaFields/maximumDepth`` and carried out unprefixed to the outermost table.
@usableFromInline
struct NestedTooDeep: Error {}
