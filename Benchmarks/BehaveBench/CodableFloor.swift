import CBaseline

/// The floors of any `Codable` binding. ``NothingDecoder`` reads nothing and answers every
/// `Int` field with a constant: decoding `Fields` from it costs only Swift's own machinery (the
/// type-erased container box every field goes through, the generic metadata, the existential
/// decoder), so no decoder that reads Lua can be faster. Given a state, it reads each field as
/// the C baseline does (`cbaseline_field`, the fields in declaration order, with no key to
/// convert): that machinery plus the cheapest read there is, the floor of any decoder that
/// reads Lua.
struct NothingDecoder: Decoder {
    /// The state and the table's index to read from; nil reads nothing.
    var table: (state: OpaquePointer, index: Int32)?

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(NothingContainer<Key>(table: table))
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw NothingDecoder.unsupported }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw NothingDecoder.unsupported }

    static let unsupported = DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "keyed fields only"))
}

/// Answers each `Int` field with the length of its key, so the key is still looked at, as a real
/// decoder must; or, with a table, with the next field the C baseline reads.
final class NothingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let table: (state: OpaquePointer, index: Int32)?
    var next: Int32 = 0
    init(table: (state: OpaquePointer, index: Int32)?) { self.table = table }

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }
    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        guard let table else { return key.stringValue.utf8.count }
        defer { next += 1 }
        return Int(cbaseline_field(table.state, table.index, next))
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
