import CBaseline

/// The floors of any `Codable` binding. ``NothingDecoder`` reads nothing and answers every
/// `Int` field with a constant: decoding `Fields` from it costs only Swift's own machinery (the
/// existential decoder, the keyed container's generic metadata, the type-erased box every field
/// goes through), so no decoder that reads Lua can be faster. It makes its container once and
/// hands it out again, and the container is a pointer with no reference count, as Behave's own
/// decoder does: a floor that allocated per call would sit above a decoder that does not. Given
/// a state, it reads each field as the C baseline does (`cbaseline_field`, the fields in
/// declaration order, with no key to convert): that machinery plus the cheapest read there is,
/// the floor of any decoder that reads Lua.
struct NothingDecoder: Decoder {
    /// What the container reads: the state and table (nil state: nothing) and the next field.
    struct Reads {
        var state: OpaquePointer?
        var index: Int32 = 0
        var next: Int32 = 0
    }

    /// The container made at the first decode, for the one key type the bench decodes.
    nonisolated(unsafe) static var made: AnyObject?
    nonisolated(unsafe) static let reads = UnsafeMutablePointer<Reads>.allocate(capacity: 1)

    /// Reads the table at `index` of `state`, or nothing when `state` is nil.
    init(state: OpaquePointer?, index: Int32) {
        Self.reads.initialize(to: Reads(state: state, index: index))
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if Self.made == nil { Self.made = Made(KeyedDecodingContainer(NothingContainer<Key>(reads: Self.reads))) }
        return unsafeDowncast(Self.made!, to: Made<Key>.self).container
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw NothingDecoder.unsupported }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw NothingDecoder.unsupported }

    static let unsupported = DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "keyed fields only"))

    /// A container made once.
    final class Made<Key: CodingKey> {
        let container: KeyedDecodingContainer<Key>
        init(_ container: KeyedDecodingContainer<Key>) { self.container = container }
    }
}

/// Answers each `Int` field with the length of its key, so the key is still looked at, as a real
/// decoder must; or, with a table, with the next field the C baseline reads.
struct NothingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let reads: UnsafeMutablePointer<NothingDecoder.Reads>

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }
    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        guard let state = reads.pointee.state else { return key.stringValue.utf8.count }
        defer { reads.pointee.next += 1 }
        return Int(cbaseline_field(state, reads.pointee.index, reads.pointee.next))
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { throw NothingDecoder.unsupported }
    func nestedContainer<N: CodingKey>(keyedBy type: N.Type, forKey key: Key) throws -> KeyedDecodingContainer<N> {
        throw NothingDecoder.unsupported
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw NothingDecoder.unsupported
    }
    func superDecoder() throws -> any Decoder { throw NothingDecoder.unsupported }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw NothingDecoder.unsupported }
}
