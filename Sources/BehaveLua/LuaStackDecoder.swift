import CBehave
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
    /// Unretained: the state keeps its contexts (``DecodingContext``).
    let contextHandle: Unmanaged<DecodingContext>
    var context: DecodingContext { contextHandle.takeUnretainedValue() }
    /// Absolute index of the value this decoder reads.
    let index: Int32
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var stack: LuaStack { context.stack }

    /// Decodes the value at `index` of `stack`.
    static func decode<T: Decodable>(_ type: T.Type, from stack: LuaStack, at index: Int32) throws -> T {
        // The stack's top is restored by decodeValue: nothing but a table's decode pushes.
        let absolute = lua_absindex(stack.pointer, index)
        // Unmanaged: the state outlives the call, and keeps its contexts.
        return try Unmanaged.passUnretained(stack.state)._withUnsafeGuaranteedRef { state in
            let context = DecodingContext.borrow(from: state, for: stack)
            defer { context._withUnsafeGuaranteedRef { $0.giveBack(to: state) } }
            return try context._withUnsafeGuaranteedRef {
                try decodeValue(type, $0, StackSlot(stack: stack, index: absolute), { [] })
            }
        }
    }

    var typeName: String { stack.typeName(at: index) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let L = stack.pointer
        guard lua_type(L, index) == LUA_TTABLE else { throw mismatch("table", typeName, codingPath) }
        // The plan's table, the fields it names, and a field pushed above them.
        guard lua_checkstack(L, Int32(KeyPlan.capacity) + 2) != 0 else {
            throw LuaDecodingError("\(describe(codingPath)): stack overflow")
        }
        let pool = contextHandle._withUnsafeGuaranteedRef { $0.keyedReaderPool(for: ObjectIdentifier(Key.self), L) }
        return pool._withUnsafeGuaranteedRef { $0.take(Key.self, for: self) }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard lua_type(stack.pointer, index) == LUA_TTABLE else { throw mismatch("sequence", typeName, codingPath) }
        // A key and its value above the table while counting; one item above it while decoding.
        guard lua_checkstack(stack.pointer, 3) != 0 else {
            throw LuaDecodingError("\(describe(codingPath)): stack overflow")
        }
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
        // A table read as a scalar type fails as the type's own decode says (through the
        // single-value container), so a table costs no comparison with the scalar types.
        if slot.type != LUA_TTABLE, ScalarDecoding.isScalar(type) { return try ScalarDecoding.scalar(type, slot, path) }
        let L = context.stack.pointer
        // Absolute: the decoder it makes pushes its own fields above it.
        let index = lua_absindex(L, slot.index)
        guard slot.type == LUA_TTABLE else {
            // No keyed container opens on a value that is not a table: the type's own error.
            return try T(from: StackDecoder(contextHandle: .passUnretained(context), index: index, codingPath: path()))
        }
        let identity = lua_topointer(L, index)!
        let codingPath = path()
        guard context.depth < LuaNode.maximumDepth else {
            throw LuaDecodingError("\(describe(codingPath)): tables nested deeper than \(LuaNode.maximumDepth)")
        }
        guard !context.contains(identity) else {
            throw LuaDecodingError("\(describe(codingPath)): table contains itself (a cycle)")
        }
        // Each container checks the room its own pushes need.
        context.enter(identity)
        // The keyed readers the type opens push their plans' tables: both go when it is done.
        let top = lua_gettop(L)
        let readers = context.lastOpened
        defer {
            context.closeReaders(downTo: readers)
            lua_settop(L, top)
            context.leave()
        }
        return try T(from: StackDecoder(contextHandle: .passUnretained(context), index: index, codingPath: codingPath))
    }
}

/// `value.trip.stops.2.name`: how errors name a place in the decoded value.
func describe(_ path: [any CodingKey]) -> String {
    (["value"] + path.map { $0.intValue.map { String($0 + 1) } ?? $0.stringValue }).joined(separator: ".")
}

/// The keyed container of a table on the stack: a field is read by its name's position in the
/// key type's plan (``KeyPlan``), or, past the plan's capacity, by pushing its name.
///
/// One word and no reference count: Swift's container box copies its container for every field
/// it decodes. The reader behind it (``KeyedReader``) belongs to the state's pool; an `Int` or a
/// `Double` field is read through the reader's ``KeyedReads`` alone.
struct KeyedStackDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    private let reads: UnsafeMutablePointer<KeyedReads>
    var decoder: StackDecoder { reads.pointee.reader!.takeUnretainedValue().decoder }
    var codingPath: [any CodingKey] { decoder.codingPath }

    init(reader: KeyedReader) { reads = reader.reads }

    /// Pushes the field for `key` (raw) and gives its type. A key spelled as an integer also
    /// finds an integer key, as Lua writes arrays.
    private func push(_ key: Key) -> Int32 {
        let stack = decoder.stack
        let L = stack.pointer
        let table = decoder.index
        let name = key.stringValue
        let type: Int32
        if let position = reads.pointee.position(of: name) {
            type = behave_plan_field(L, table, reads.pointee.planIndex, lua_Integer(position))
        } else {
            name.push(to: stack)
            type = lua_rawget(L, table)
        }
        guard type == LUA_TNIL, let integer = KeyPlan.integerForm(of: name) else { return type }
        lua_settop(L, -2)
        return lua_rawgeti(L, table, integer)
    }

    /// Runs `body` with the field in a slot: the one it was read into as the reader opened, or
    /// else pushed on top of the stack and popped afterwards. The slot carries the field's type,
    /// so no conversion asks Lua for it again.
    private func withField<R>(_ key: Key, _ body: (StackSlot) throws -> R) throws -> R {
        guard reads.pointee.isOpen else {
            throw LuaDecodingError("value: a keyed container was used after the decode it was made for had ended")
        }
        if let position = reads.pointee.position(of: key), let field = reads.pointee.field(at: position) {
            return try body(StackSlot(stack: decoder.stack, index: field.index, type: field.type))
        }
        let slot = StackSlot(stack: decoder.stack, index: -1, type: push(key))
        defer { lua_settop(decoder.stack.pointer, -2) }
        return try body(slot)
    }

    var allKeys: [Key] {
        guard reads.pointee.isOpen else { return [] }
        let stack = decoder.stack
        let L = stack.pointer
        var keys: [Key] = []
        lua_pushnil(L)
        while lua_next(L, decoder.index) != 0 {
            switch lua_type(L, -2) {
            case LUA_TSTRING: if let key = Key(stringValue: String.decode(stack, -2)) { keys.append(key) }
            case LUA_TNUMBER where lua_isinteger(L, -2) != 0:
                if let key = Key(stringValue: String(lua_tointegerx(L, -2, nil))) { keys.append(key) }
            default: break
            }
            lua_settop(L, -2)
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { (try? withField(key) { $0.type != LUA_TNIL }) ?? false }
    func decodeNil(forKey key: Key) throws -> Bool { try withField(key) { $0.type == LUA_TNIL } }

    /// An `Int` or a `Double` field read as the reader opened is converted here; any other, and
    /// one that does not convert, is read as a slot (which words the error).
    @inline(__always)
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        if let integer = reads.pointee.readAheadInteger(for: key) { return Int(integer) }
        return try decodeInteger(key)
    }
    @inline(__always)
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        if let number = reads.pointee.readAheadNumber(for: key) { return number }
        return try decodeNumber(key)
    }

    /// An `Int` field off the read-ahead path: out of line, so that the path every field of a
    /// synthesized `init(from:)` takes saves no registers for this one.
    @inline(never)
    private func decodeInteger(_ key: Key) throws -> Int {
        if let integer = reads.pointee.integer(for: key) { return Int(integer) }
        return try withField(key) { try ScalarDecoding.integer(Int.self, $0, { decoder.codingPath + [key] }) }
    }

    /// A `Double` field off the read-ahead path, as ``decodeInteger(_:)``.
    @inline(never)
    private func decodeNumber(_ key: Key) throws -> Double {
        if let number = reads.pointee.number(for: key) { return number }
        return try withField(key) { try ScalarDecoding.double($0, { decoder.codingPath + [key] }) }
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try withField(key) { try ScalarDecoding.string($0, { decoder.codingPath + [key] }) }
    }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try withField(key) { try ScalarDecoding.boolean($0, { decoder.codingPath + [key] }) }
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
        guard reads.pointee.isOpen else {
            throw LuaDecodingError("value: a keyed container was used after the decode it was made for had ended")
        }
        return NodeDecoder(
            node: try LuaNode.read(from: decoder.stack, at: decoder.index), codingPath: decoder.codingPath)
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
        if ScalarDecoding.isScalar(type) {
            return try ScalarDecoding.scalar(type, StackSlot(stack: decoder.stack, index: decoder.index), { path })
        }
        return try T(from: decoder)
    }
}
