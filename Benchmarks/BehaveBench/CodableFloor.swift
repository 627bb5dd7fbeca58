/// The floor of any `Codable` binding: a decoder that reads nothing and answers every `Int` field
/// with a constant. Decoding `Fields` from it costs only Swift's own machinery (the type-erased
/// container box every field goes through, the generic metadata, the existential decoder), so
/// no decoder that reads Lua can be faster.
struct NothingDecoder: Decoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(NothingContainer<Key>())
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw NothingDecoder.unsupported }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw NothingDecoder.unsupported }

    static let unsupported = DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "keyed fields only"))
}

/// Answers each `Int` field with the length of its key, so the key is still looked at, as a real
/// decoder must.
final class NothingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }
    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { key.stringValue.utf8.count }
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
