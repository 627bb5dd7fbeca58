import CBehave
import CBehaveLua

/// What one keyed container reads while a type decodes from it: the table (through its
/// decoder), the plan of its key type and where the plan's table is on the stack.
///
/// A state keeps its readers, with the `KeyedDecodingContainer` made for each, in a pool per key
/// type (``KeyedReaderPool``), and hands them out again decode after decode: making a container
/// allocates the standard library's type-erased box and looks up the generic metadata of two
/// types, which a table argument would otherwise pay on every call.
///
/// When it opens, a reader reads every field its plan names in one call into C and leaves them
/// on the stack (``KeyedReads``): a synthesized `init(from:)` asks for exactly those, so each of
/// its fields is then a slot already read. A field asked for later than that, or past the plan,
/// is looked up when asked.
///
/// A container is one pointer, to the fields every read touches (``KeyedReads``), which name
/// their reader unretained: the box copies the container for every field, so the copy counts no
/// reference, and the state's pool keeps the reader alive. A container is valid during the
/// `init(from:)` that received it, as the stack slots it reads are: a reader is closed when the
/// decode that opened it ends, and a container whose reader is closed throws instead of reading.
final class KeyedReader {
    /// The decoder of the table being read, while open.
    @exclusivity(unchecked) private(set) var decoder: StackDecoder
    /// What each field's read needs, allocated with the reader.
    let reads: UnsafeMutablePointer<KeyedReads>
    /// The reader opened before this one in the same decode, while open (``DecodingContext``).
    @exclusivity(unchecked) var openedBefore: Unmanaged<KeyedReader>?
    /// The registry reference of the plan's table (``KeyPlan``).
    private let planReference: Int32
    /// How many of its pool's readers are open (the pool's count, shared).
    private let poolInUse: UnsafeMutablePointer<Int>

    init<Key: CodingKey>(pool: KeyedReaderPool, decoder: StackDecoder, keys: Key.Type) {
        self.decoder = decoder
        planReference = pool.plan.reference
        poolInUse = pool.inUse
        reads = .allocate(capacity: 1)
        reads.initialize(to: KeyedReads(plan: pool.plan, keys: keys))
        reads.pointee.reader = Unmanaged.passUnretained(self)
    }

    deinit {
        reads.pointee.deallocate()
        reads.deinitialize(count: 1)
        reads.deallocate()
    }

    /// Starts reading the table of `decoder`: pushes the plan's table and the fields the plan
    /// names, which stay on the stack until the decode that opened the reader restores the
    /// stack's top. The caller has made room for ``KeyPlan/capacity`` + 1 values.
    func open(_ decoder: StackDecoder) {
        self.decoder = decoder
        let stack = decoder.stack
        lua_rawgeti(stack.pointer, luashim_registryindex(), lua_Integer(planReference))
        reads.pointee.open(stack, table: decoder.index, plan: lua_gettop(stack.pointer))
    }

    /// Ends the reads: the reader goes back to its pool. Returns the reader opened before it.
    func close() -> Unmanaged<KeyedReader>? {
        reads.pointee.close()
        poolInUse.pointee -= 1
        return openedBefore
    }
}

/// The fields of a ``KeyedReader`` that every read touches, where its container reaches them by
/// a pointer: a field's read then counts no reference and calls nothing.
struct KeyedReads {
    /// The stack the table is on, while open.
    private var stack: LuaStack?
    /// Where the plan's table is on the stack, while open; the field of the plan's key i is
    /// at `planIndex + i` for i up to ``readAhead``.
    private(set) var planIndex: Int32 = 0
    /// How many fields were read when the reader opened.
    private var readAhead = 0
    /// Where the last key asked for is in the plan (0 before the first).
    private var cursor = 0
    /// Whether a decode is reading through the reader now.
    private(set) var isOpen = false
    /// What the fields read when the reader opened hold, by the position of their keys.
    private let values = UnsafeMutablePointer<behave_plan_value>.allocate(capacity: KeyPlan.capacity)
    /// The plan, and its header, names, keys' bytes and names' integer forms (``KeyPlan``).
    private unowned(unsafe) let plan: KeyPlan
    private let header: UnsafeMutablePointer<KeyPlan.Header>
    private let names: UnsafeMutablePointer<String>
    private let bytes: UnsafeMutablePointer<UInt16>
    private let integers: UnsafeMutablePointer<lua_Integer?>
    /// The reader these are the reads of (set once it exists).
    fileprivate(set) var reader: Unmanaged<KeyedReader>?
    /// Whether the key type is one byte with no references, compared by its byte.
    private let byteSized: Bool
    /// Whether the reader is open on a key type compared by its byte: the fast path's one check.
    private var byByte = false

    init<Key: CodingKey>(plan: KeyPlan, keys: Key.Type) {
        self.plan = plan
        header = plan.header
        names = plan.names
        bytes = plan.bytes
        integers = plan.integers
        byteSized = MemoryLayout<Key>.size == 1 && _isPOD(Key.self)
    }

    fileprivate func deallocate() { values.deallocate() }

    fileprivate mutating func open(_ stack: LuaStack, table: Int32, plan index: Int32) {
        self.stack = stack
        planIndex = index
        readAhead = header.pointee.stable ? header.pointee.count : 0
        behave_plan_read(stack.pointer, table, index, Int32(readAhead), values)
        cursor = 0
        isOpen = true
        byByte = byteSized
    }

    /// Ends the reads, and a decode through the plan: from now on, a name the plan does not hold
    /// makes it unstable.
    fileprivate mutating func close() {
        isOpen = false
        byByte = false
        header.pointee.settled = true
    }

    /// The index in ``values`` of the field for `key`, when it is the one after the last key
    /// asked for, was read ahead, and the key is compared by its byte: the path of nearly every
    /// field of a synthesized `init(from:)`.
    @inline(__always)
    private mutating func readAhead<Key: CodingKey>(_ key: Key) -> Int? {
        guard byByte else { return nil }
        let next = cursor
        guard next < readAhead, bytes[next] == UInt16(unsafeBitCast(key, to: UInt8.self)) else { return nil }
        cursor = next + 1
        return next
    }

    /// The position (1-based) of `key` in the plan, or nil when the reader is closed or the plan
    /// is unstable or does not hold the key's name. The key after the last one asked for, and
    /// that one again, are checked first: a key of one byte with no references (a synthesized
    /// `CodingKeys` enum) by its byte, any other by its name.
    @inline(__always)
    mutating func position<Key: CodingKey>(of key: Key) -> Int? {
        guard isOpen, header.pointee.stable else { return nil }
        if byteSized {
            let byte = UInt16(unsafeBitCast(key, to: UInt8.self))
            let next = cursor
            if next < header.pointee.count, bytes[next] == byte {
                cursor = next + 1
                return next + 1
            }
            if next > 0, bytes[next - 1] == byte { return next }
        }
        let position = position(of: key.stringValue)
        if byteSized, let position { bytes[position - 1] = UInt16(unsafeBitCast(key, to: UInt8.self)) }
        return position
    }

    /// The position of `name`, as ``position(of:)-4mk0w`` finds a key's.
    mutating func position(of name: String) -> Int? {
        guard isOpen, header.pointee.stable else { return nil }
        let next = cursor
        if next < header.pointee.count, names[next] == name {
            cursor = next + 1
            return next + 1
        }
        if next > 0, names[next - 1] == name { return next }
        return find(name)
    }

    @inline(never)
    private mutating func find(_ name: String) -> Int? {
        guard let stack, let found = plan.find(name, table: planIndex, on: stack) else { return nil }
        cursor = found
        return found
    }

    /// The field at `position`, when it was read as the reader opened: its slot and its type. A
    /// missing field whose name spells an integer is not one (its integer key is looked up).
    @inline(__always)
    func field(at position: Int) -> (index: Int32, type: Int32)? {
        guard position <= readAhead else { return nil }
        let value = values[position - 1]
        guard value.type != Int32(behave_type_nil) || integers[position - 1] == nil else { return nil }
        return (planIndex + Int32(position), value.type)
    }

    /// What the field for `key` held when the reader opened, if it was read then: found by its
    /// position, for the container's paths off the read-ahead one, which was tried already.
    private mutating func value<Key: CodingKey>(for key: Key) -> behave_plan_value? {
        guard let position = position(of: key), position <= readAhead else { return nil }
        return values[position - 1]
    }

    /// The field for `key` as an integer, when it was read as the reader opened and is an
    /// integer or a float with an integral value.
    mutating func integer<Key: CodingKey>(for key: Key) -> Int64? {
        guard let value = value(for: key), value.integral != 0 else { return nil }
        return value.integer
    }

    /// ``integer(for:)`` on the read-ahead path alone, nil off it: what the container's `decode`
    /// inlines, its every other path being one call, so that the path nearly every field takes
    /// saves no registers for the rest.
    @inline(__always)
    mutating func readAheadInteger<Key: CodingKey>(for key: Key) -> Int64? {
        guard let index = readAhead(key) else { return nil }
        let value = values[index]
        return value.integral != 0 ? value.integer : nil
    }

    /// The field for `key` as a float, as ``integer(for:)`` reads an integer.
    mutating func number<Key: CodingKey>(for key: Key) -> Double? {
        value(for: key).flatMap(Self.number)
    }

    /// ``number(for:)`` on the read-ahead path alone, as ``readAheadInteger(for:)``.
    @inline(__always)
    mutating func readAheadNumber<Key: CodingKey>(for key: Key) -> Double? {
        guard let index = readAhead(key) else { return nil }
        return Self.number(values[index])
    }

    @inline(__always)
    private static func number(_ value: behave_plan_value) -> Double? {
        guard value.type == Int32(behave_type_number) else { return nil }
        return value.integral != 0 ? Double(value.integer) : value.number
    }
}

/// The keyed container made once for a reader (``KeyedReader``).
final class ReusableContainer<Key: CodingKey> {
    let container: KeyedDecodingContainer<Key>
    init(_ container: KeyedDecodingContainer<Key>) { self.container = container }
}

/// A state's readers for one key type, with the key type's plan. Readers are handed out and
/// given back in nesting order (a type holding a field of its own type decodes that field inside
/// its own decode), so the pool holds as many as the deepest such nesting has needed.
final class KeyedReaderPool {
    /// The key type the pool serves.
    let keyType: ObjectIdentifier
    let plan: KeyPlan
    /// The readers, and the container made for each (a ``ReusableContainer`` of the key type):
    /// retained by the pool, released when it goes, so taking one counts no reference.
    @exclusivity(unchecked) private var handles: [(reader: Unmanaged<KeyedReader>, container: Unmanaged<AnyObject>)] =
        []
    /// How many readers are open now: the first `inUse.pointee` of them. A buffer, which each
    /// reader updates as it closes.
    let inUse = UnsafeMutablePointer<Int>.allocate(capacity: 1)

    init(keyType: ObjectIdentifier, plan: KeyPlan) {
        self.keyType = keyType
        self.plan = plan
        inUse.initialize(to: 0)
    }

    deinit {
        for handle in handles {
            handle.reader.release()
            handle.container.release()
        }
        inUse.deallocate()
    }

    /// The container of a reader opened on `decoder`'s table; the reader is recorded in the
    /// decoder's context, which closes it when the decode that opened it ends.
    @inline(__always)
    func take<Key: CodingKey>(_: Key.Type, for decoder: StackDecoder) -> KeyedDecodingContainer<Key> {
        let taken = inUse.pointee
        if taken == handles.count { add(Key.self, for: decoder) }
        inUse.pointee = taken + 1
        let handle = handles[taken]
        handle.reader._withUnsafeGuaranteedRef { $0.open(decoder) }
        decoder.contextHandle._withUnsafeGuaranteedRef { $0.opened(handle.reader) }
        return handle.container._withUnsafeGuaranteedRef {
            unsafeDowncast($0, to: ReusableContainer<Key>.self).container
        }
    }

    /// Adds a reader, and its container, for the next nested decode.
    @inline(never)
    private func add<Key: CodingKey>(_: Key.Type, for decoder: StackDecoder) {
        let reader = KeyedReader(pool: self, decoder: decoder, keys: Key.self)
        let container = ReusableContainer(KeyedDecodingContainer(KeyedStackDecoding<Key>(reader: reader)))
        handles.append((Unmanaged.passRetained(reader), Unmanaged.passRetained(container)))
    }
}

extension DecodingContext {
    /// The state's pool for the key type `keyType`, made at its first use. Needs room for one
    /// value on the stack.
    @inline(__always)
    func keyedReaderPool(for keyType: ObjectIdentifier, _ L: OpaquePointer) -> Unmanaged<KeyedReaderPool> {
        if let last = lastPool, lastKeyType == keyType { return last }
        return findKeyedReaderPool(for: keyType, L)
    }

    @inline(never)
    private func findKeyedReaderPool(for keyType: ObjectIdentifier, _ L: OpaquePointer) -> Unmanaged<KeyedReaderPool> {
        let state = stack.state
        let pool: KeyedReaderPool
        if let known = state.keyedReaderPools[keyType] {
            pool = known
        } else {
            pool = KeyedReaderPool(keyType: keyType, plan: KeyPlan(L))
            state.keyedReaderPools[keyType] = pool
        }
        lastKeyType = keyType
        lastPool = Unmanaged.passUnretained(pool)
        return Unmanaged.passUnretained(pool)
    }
}
