import CBehaveLua

/// Decodes straight from the Lua stack: a field is looked up (raw) when the Swift type asks
/// for it, so a call taking a `Codable` table copies nothing it does not use and allocates
/// nothing per scalar field. Fields the type does not read are never looked at.
///
/// Every access is raw (`lua_rawget`, `lua_next`): no metamethod runs, so nothing can raise
/// while Swift frames are on the C stack. Values pushed while decoding a field are popped
/// before the next field; `decode` restores the stack's top whatever happens.
///
/// Three words, so that the `any Decoder` a type's `init(from:)` receives holds it inline
/// instead of allocating a box for it on every call.
struct StackDecoder: Decoder {
    let context: DecodingContext
    /// Absolute index of the value this decoder reads.
    let index: Int32
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var stack: LuaStack { context.stack }

    /// Decodes the value at `index` of `stack`.
    static func decode<T: Decodable>(_ type: T.Type, from stack: LuaStack, at index: Int32) throws -> T {
        let L = stack.pointer
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let absolute = lua_absindex(L, index)
        let context = DecodingContext.borrow(for: stack)
        defer { context.giveBack() }
        return try decodeValue(type, context, StackSlot(stack: stack, index: absolute), { [] })
    }

    var typeName: String { stack.typeName(at: index) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard lua_type(stack.pointer, index) == LUA_TTABLE else { throw mismatch("table", typeName, codingPath) }
        return KeyedDecodingContainer(KeyedStackDecoding<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard lua_type(stack.pointer, index) == LUA_TTABLE else { throw mismatch("sequence", typeName, codingPath) }
        guard let count = sequenceLength() else { throw mismatch("sequence", typeName, codingPath) }
        return UnkeyedStackDecoding(decoder: self, count: count)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleStackDecoding(decoder: self) }

    /// n when the table's keys are exactly 1…n (0 for an empty table), else nil: n distinct
    /// integer keys, none below 1 and none above n, are 1…n.
    func sequenceLength() -> Int? {
        let L = stack.pointer
        var entries: lua_Integer = 0
        var largest: lua_Integer = 0
        var integersOnly = true
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            entries += 1
            if integersOnly, lua_type(L, -2) == LUA_TNUMBER, lua_isinteger(L, -2) != 0 {
                let key = lua_tointegerx(L, -2, nil)
                if key < 1 { integersOnly = false }
                largest = max(largest, key)
            } else {
                integersOnly = false
            }
            lua_settop(L, -2)
        }
        return integersOnly && largest == entries ? Int(entries) : nil
    }

    /// Decodes the value in `slot` (its place: `path`), refusing tables already being decoded
    /// (a cycle) and extreme nesting.
    static func decodeValue<T: Decodable>(
        _ type: T.Type, _ context: DecodingContext, _ slot: StackSlot,
        _ path: () -> [any CodingKey]
    ) throws -> T {
        if let scalar = try ScalarDecoding.decode(type, slot, path) { return scalar }
        let L = context.stack.pointer
        // Absolute: the decoder it makes pushes its own fields above it.
        let index = lua_absindex(L, slot.index)
        guard slot.type == LUA_TTABLE else {
            return try T(from: StackDecoder(context: context, index: index, codingPath: path()))
        }
        let identity = lua_topointer(L, index)!
        let codingPath = path()
        guard context.depth < LuaNode.maximumDepth else {
            throw LuaDecodingError("\(describe(codingPath)): tables nested deeper than \(LuaNode.maximumDepth)")
        }
        guard !context.contains(identity) else {
            throw LuaDecodingError("\(describe(codingPath)): table contains itself (a cycle)")
        }
        guard lua_checkstack(L, 4) != 0 else { throw LuaDecodingError("\(describe(codingPath)): stack overflow") }
        context.enter(identity)
        defer { context.leave() }
        return try T(from: StackDecoder(context: context, index: index, codingPath: codingPath))
    }
}

/// `value.trip.stops.2.name`: how errors name a place in the decoded value.
func describe(_ path: [any CodingKey]) -> String {
    (["value"] + path.map { $0.intValue.map { String($0 + 1) } ?? $0.stringValue }).joined(separator: ".")
}

/// A class, not a struct: Swift's container box copies its container for every field it
/// decodes, and copying one reference costs one retain where the decoder's fields cost three.
final class KeyedStackDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: StackDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    init(decoder: StackDecoder) { self.decoder = decoder }

    /// Pushes the field for `key` (raw) and gives its type. A key spelled as an integer also
    /// finds an integer key, as Lua writes arrays.
    private func push(_ key: Key) -> Int32 {
        let L = decoder.stack.pointer
        key.stringValue.push(to: decoder.stack)
        let type = lua_rawget(L, decoder.index)
        guard type == LUA_TNIL, let integer = integerKey(key) else { return type }
        lua_settop(L, -2)
        return lua_rawgeti(L, decoder.index, integer)
    }

    private func integerKey(_ key: Key) -> lua_Integer? {
        if let i = key.intValue, key.stringValue == String(i) { return lua_Integer(i) }
        guard let first = key.stringValue.utf8.first, first == UInt8(ascii: "-") || (first >= 48 && first <= 57) else {
            return nil
        }
        return lua_Integer(key.stringValue)
    }

    /// Runs `body` with the field on top of the stack (slot -1), popped afterwards. The slot carries
    /// the type `lua_rawget` gave, so no conversion asks Lua for it again.
    private func withField<R>(_ key: Key, _ body: (StackSlot) throws -> R) rethrows -> R {
        let slot = StackSlot(stack: decoder.stack, index: -1, type: push(key))
        defer { lua_settop(decoder.stack.pointer, -2) }
        return try body(slot)
    }

    var allKeys: [Key] {
        let L = decoder.stack.pointer
        var keys: [Key] = []
        lua_pushnil(L)
        while lua_next(L, decoder.index) != 0 {
            switch lua_type(L, -2) {
            case LUA_TSTRING: if let key = Key(stringValue: String.decode(decoder.stack, -2)) { keys.append(key) }
            case LUA_TNUMBER where lua_isinteger(L, -2) != 0:
                if let key = Key(stringValue: String(lua_tointegerx(L, -2, nil))) { keys.append(key) }
            default: break
            }
            lua_settop(L, -2)
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { withField(key) { $0.type != LUA_TNIL } }
    func decodeNil(forKey key: Key) throws -> Bool { withField(key) { $0.type == LUA_TNIL } }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try withField(key) { try ScalarDecoding.integer(Int.self, $0, { decoder.codingPath + [key] }) }
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try withField(key) { try ScalarDecoding.string($0, { decoder.codingPath + [key] }) }
    }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try withField(key) { try ScalarDecoding.boolean($0, { decoder.codingPath + [key] }) }
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try withField(key) { try ScalarDecoding.double($0, { decoder.codingPath + [key] }) }
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try withField(key) { try StackDecoder.decodeValue(type, decoder.context, $0, { decoder.codingPath + [key] }) }
    }

    /// Containers that outlive one call decode from a copy of the field (a node tree).
    private func copy(_ key: Key) throws -> NodeDecoder {
        let node = try withField(key) { try LuaNode.read(from: decoder.stack, at: $0.index) }
        return NodeDecoder(node: node, codingPath: decoder.codingPath + [key])
    }

    func nestedContainer<N: CodingKey>(keyedBy type: N.Type, forKey key: Key) throws -> KeyedDecodingContainer<N> {
        try copy(key).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try copy(key).unkeyedContainer()
    }
    func superDecoder() throws -> any Decoder {
        NodeDecoder(node: try LuaNode.read(from: decoder.stack, at: decoder.index), codingPath: decoder.codingPath)
    }
    func superDecoder(forKey key: Key) throws -> any Decoder { try copy(key) }
}

struct UnkeyedStackDecoding: UnkeyedDecodingContainer {
    let decoder: StackDecoder
    let total: Int
    var currentIndex = 0
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { total }
    var isAtEnd: Bool { currentIndex >= total }

    init(decoder: StackDecoder, count: Int) {
        self.decoder = decoder
        self.total = count
    }

    /// Pushes the next element and moves past it.
    private mutating func pushNext() throws -> (slot: StackSlot, position: Int) {
        guard !isAtEnd else { throw LuaDecodingError("value: sequence ended early at \(currentIndex + 1)") }
        let L = decoder.stack.pointer
        let type = lua_rawgeti(L, decoder.index, lua_Integer(currentIndex + 1))
        defer { currentIndex += 1 }
        return (StackSlot(stack: decoder.stack, index: lua_gettop(L), type: type), currentIndex)
    }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (slot, position) = try pushNext()
        defer { lua_settop(decoder.stack.pointer, -2) }
        let path = decoder.codingPath
        return try StackDecoder.decodeValue(type, decoder.context, slot, { path + [IndexKey(position)] })
    }

    /// Containers that outlive one call decode from a copy of the element (a node tree).
    private mutating func copy() throws -> NodeDecoder {
        let (slot, position) = try pushNext()
        defer { lua_settop(decoder.stack.pointer, -2) }
        return NodeDecoder(
            node: try LuaNode.read(from: decoder.stack, at: slot.index), codingPath: codingPath + [IndexKey(position)])
    }

    mutating func nestedContainer<N: CodingKey>(keyedBy type: N.Type) throws -> KeyedDecodingContainer<N> {
        try copy().container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try copy().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try copy() }
}

struct SingleStackDecoding: SingleValueDecodingContainer {
    let decoder: StackDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    func decodeNil() -> Bool { lua_type(decoder.stack.pointer, decoder.index) == LUA_TNIL }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let path = decoder.codingPath
        if let scalar = try ScalarDecoding.decode(type, StackSlot(stack: decoder.stack, index: decoder.index), { path })
        {
            return scalar
        }
        return try T(from: decoder)
    }
}
