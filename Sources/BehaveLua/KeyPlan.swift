import CBehaveLua

/// The field names one `CodingKey` type asks a state for, in the order it first asked, each with
/// its Lua string kept in a table of the registry.
///
/// A reader (``KeyedReader``) reads the fields of the plan's names ahead, in one call into C as
/// it opens, and finds a key's field by the name's position instead of pushing the name, which
/// Lua would hash and intern as a new string on every read. A synthesized `init(from:)` asks for
/// the same keys in the same order each time, so the name after the last one asked for is
/// nearly always the one.
///
/// A plan is *stable* while every decode after its first asks only for names it holds. A type
/// whose names vary (a `[String: T]` dictionary, an `init(from:)` that asks for different keys
/// each time) makes it unstable at the first new name after that: its fields are then read by
/// pushing their names, as they would be with no plan, and nothing is read ahead.
///
/// A plan holds at most ``capacity`` names; a type with more reads the rest by pushing them.
final class KeyPlan {
    /// The most names a plan keeps.
    static let capacity = 64

    /// The registry reference of the table whose items 1…count are the names' Lua strings.
    let reference: Int32
    /// The plan's count and flags, the names as Swift strings in the plan's order, the keys'
    /// bytes and the names' integer forms: buffers, shared with the plan's readers, so that
    /// checking a name retains nothing.
    let header = UnsafeMutablePointer<Header>.allocate(capacity: 1)
    let names = UnsafeMutablePointer<String>.allocate(capacity: KeyPlan.capacity)
    /// For a key type of one byte with no references (a synthesized `CodingKeys` enum of fewer than
    /// 257 cases), the byte of the key each name was found for, else ``noByte``: comparing it
    /// spares asking the key for its name. A key's name is taken to follow from its bytes.
    let bytes = UnsafeMutablePointer<UInt16>.allocate(capacity: KeyPlan.capacity)
    /// The integer each name spells, if it spells one: a missing field whose name does is also
    /// looked for under that integer key, as Lua writes arrays.
    let integers = UnsafeMutablePointer<lua_Integer?>.allocate(capacity: KeyPlan.capacity)
    /// A byte no key has.
    static let noByte: UInt16 = 0x100

    /// What a plan's readers check on every read.
    struct Header {
        /// How many names the plan holds.
        var count = 0
        /// Whether a decode through the plan has ended.
        var settled = false
        /// Whether no decode since the first has asked for a name the plan did not hold.
        var stable = true
    }

    /// Makes an empty plan whose table lives in the registry of the state `L`. Needs room for one
    /// value on the stack.
    init(_ L: OpaquePointer) {
        luashim_newtable(L)
        reference = luaL_ref(L, luashim_registryindex())
        header.initialize(to: Header())
        bytes.initialize(repeating: Self.noByte, count: Self.capacity)
    }

    deinit {
        names.deinitialize(count: header.pointee.count)
        integers.deinitialize(count: header.pointee.count)
        names.deallocate()
        integers.deallocate()
        bytes.deallocate()
        header.deallocate()
    }

    /// The position (1-based) of `name` in the plan whose table is at `table` on `stack`, adding
    /// it when it is new and the plan has room and is still being learned; nil when the plan
    /// does not hold it. A reader asks here when the name after its last one is not `name`
    /// (``KeyedReads/position(of:)-4mk0w``).
    func find(_ name: String, table: Int32, on stack: LuaStack) -> Int? {
        let held = header.pointee.count
        var found = 0
        while found < held, names[found] != name { found += 1 }
        guard found == held else { return found + 1 }
        if header.pointee.settled { header.pointee.stable = false }
        guard header.pointee.stable, held < Self.capacity, lua_checkstack(stack.pointer, 1) != 0 else { return nil }
        (names + held).initialize(to: name)
        (integers + held).initialize(to: Self.integerForm(of: name))
        header.pointee.count = held + 1
        name.push(to: stack)
        lua_rawseti(stack.pointer, table, lua_Integer(held + 1))
        return held + 1
    }

    /// The integer `name` spells (`"2"`, `"-7"`), if it spells one.
    static func integerForm(of name: String) -> lua_Integer? {
        guard let first = name.utf8.first, first == UInt8(ascii: "-") || (first >= 48 && first <= 57) else {
            return nil
        }
        return lua_Integer(name)
    }
}
