import CBehave
import CBehaveLua

/// The Swift strings last made from a state's short Lua strings, by the Lua string's address.
///
/// Scripts hand Swift the same short strings again and again (action names, keys, literals).
/// Lua interns every short string, so the same text is the same object, at the same address,
/// for as long as it lives; a hit here returns the `String` made the first time, without
/// decoding and validating the UTF-8 again. An entry's Lua string is kept alive by the cache's
/// anchor table (a registry table, one array slot per entry), so while the entry stands its
/// address cannot be reused by another string. Replacing an entry releases the old string.
///
/// Direct-mapped: a miss costs one raw table write on top of the decode; nothing is searched.
/// A struct of pointers, so that reading it costs no reference counting; the state frees it
/// with ``deallocate()`` when it closes.
struct StringCache {
    /// Entries: a power of two. Small, because each anchors its Lua string in the state's heap.
    static let capacity = 64
    /// Lua strings longer than this are not interned (`LUAI_MAXSHORTLEN`): not cached.
    static let longestCached = 40

    /// The addresses as integers, 0 for an empty entry: comparing two words, not two optionals.
    private let keys: UnsafeMutablePointer<UInt>
    private let strings: UnsafeMutablePointer<String>
    /// The registry reference of the anchor table.
    private let anchors: lua_Integer

    /// Makes the cache, with its anchor table in the registry of `L`'s state; nil when the stack
    /// has no room for the table.
    init?(_ L: OpaquePointer) {
        guard lua_checkstack(L, 1) != 0 else { return nil }
        // Sized once: writing an entry's anchor never grows the table.
        lua_createtable(L, Int32(Self.capacity), 0)
        // A raw write into the registry; an allocation here happens with a Swift frame on the
        // stack, where the allocator never refuses (as for LuaReference).
        anchors = lua_Integer(luaL_ref(L, luashim_registryindex()))
        keys = .allocate(capacity: Self.capacity)
        keys.initialize(repeating: 0, count: Self.capacity)
        strings = .allocate(capacity: Self.capacity)
        strings.initialize(repeating: "", count: Self.capacity)
    }

    /// Frees the entries (the anchor table goes with the state).
    func deallocate() {
        keys.deallocate()
        strings.deinitialize(count: Self.capacity)
        strings.deallocate()
    }

    /// The entry for the string whose bytes Lua keeps at `chars`.
    @inline(__always)
    private static func slot(of chars: UnsafePointer<CChar>) -> Int {
        let address = UInt(bitPattern: chars)
        // Strings sit at least 8 bytes apart; the second term spreads the ones a chunk apart.
        return Int(truncatingIfNeeded: (address >> 3) ^ (address >> 10)) & (capacity - 1)
    }

    /// The string of the short Lua string at `index` of `L`, whose bytes are `chars` (from
    /// `lua_tolstring`, `length` of them, at most ``longestCached``): the cached one, or a new
    /// one, then cached.
    func string(_ L: OpaquePointer, at index: Int32, chars: UnsafePointer<CChar>, length: Int) -> String {
        let slot = Self.slot(of: chars)
        if keys[slot] == UInt(bitPattern: chars) { return strings[slot] }
        let made = Self.decode(chars, length)
        guard lua_checkstack(L, 2) != 0 else { return made }
        let absolute = lua_absindex(L, index)
        lua_rawgeti(L, luashim_registryindex(), anchors)
        lua_pushvalue(L, absolute)
        lua_rawseti(L, -2, lua_Integer(slot + 1))
        luashim_pop(L, 1)
        keys[slot] = UInt(bitPattern: chars)
        strings[slot] = made
        return made
    }

    /// `length` bytes at `chars` as a string; invalid UTF-8 is repaired with U+FFFD.
    static func decode(_ chars: UnsafePointer<CChar>, _ length: Int) -> String {
        chars.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }
}
