/// Encodes `Encodable` Swift values as Lua values: structs and dictionaries become tables
/// with string keys, arrays become sequences, optionals that are `nil` are left out.
///
/// ```swift
/// struct Vote: Codable {
///     var destination: String
///     var count: Int
/// }
/// LuaTableEncoder().push(Vote(destination: "Lyon", count: 1), to: lua.stack)
/// // a table { destination = "Lyon", count = 1 }
/// ```
public struct LuaTableEncoder {
    /// Creates an encoder.
    public init() {}

    /// Pushes `value` as one Lua value. Encoding into Lua cannot fail: every Swift value has a
    /// Lua form (unsigned integers above `Int64.max` become floats).
    public func push<T: Encodable>(_ value: T, to stack: LuaStack) {
        node(for: value).push(to: stack)
    }

    func node<T: Encodable>(for value: T) -> LuaNode {
        let encoder = NodeEncoder(codingPath: [])
        // A failure here can only come from the value's own encode(to:); it encodes as nil.
        try? value.encode(to: encoder)
        return encoder.target.finished
    }
}

/// Where an encoder or container writes: a reference so nested containers can fill it later.
final class NodeStorage {
    var node: LuaNode = .nil
    var arrayItems: [NodeStorage]? = nil
    var mapItems: [(key: LuaNode, value: NodeStorage)]? = nil

    var finished: LuaNode {
        if let items = arrayItems { return .array(items.map(\.finished)) }
        if let items = mapItems { return .map(items.map { ($0.key, $0.value.finished) }) }
        return node
    }
}

final class NodeEncoder: Encoder {
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any] = [:]
    /// Where this encoder writes.
    let target: NodeStorage

    init(codingPath: [any CodingKey], root: NodeStorage? = nil) {
        self.codingPath = codingPath
        self.target = root ?? NodeStorage()
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if target.mapItems == nil { target.mapItems = [] }
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(storage: target, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if target.arrayItems == nil { target.arrayItems = [] }
        return UnkeyedNodeContainer(storage: target, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(storage: target, codingPath: codingPath)
    }
}

private func scalar<T: Encodable>(_ value: T, path: [any CodingKey]) -> NodeStorage {
    let slot = NodeStorage()
    switch value {
    case let v as Bool: slot.node = .boolean(v)
    case let v as String: slot.node = .string(v)
    case let v as Double: slot.node = .number(v)
    case let v as Float: slot.node = .number(Double(v))
    case let v as Int: slot.node = .integer(Int64(v))
    case let v as Int8: slot.node = .integer(Int64(v))
    case let v as Int16: slot.node = .integer(Int64(v))
    case let v as Int32: slot.node = .integer(Int64(v))
    case let v as Int64: slot.node = .integer(v)
    case let v as UInt: slot.node = Int64(exactly: v).map(LuaNode.integer) ?? .number(Double(v))
    case let v as UInt8: slot.node = .integer(Int64(v))
    case let v as UInt16: slot.node = .integer(Int64(v))
    case let v as UInt32: slot.node = .integer(Int64(v))
    case let v as UInt64: slot.node = Int64(exactly: v).map(LuaNode.integer) ?? .number(Double(v))
    default:
        let nested = NodeEncoder(codingPath: path, root: slot)
        try? value.encode(to: nested)
    }
    return slot
}

private func encodedKey(_ key: any CodingKey) -> LuaNode {
    if let i = key.intValue, key.stringValue == String(i) { return .integer(Int64(i)) }
    return .string(key.stringValue)
}

struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let storage: NodeStorage
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) {}
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) {
        storage.mapItems!.append((encodedKey(key), scalar(value, path: codingPath + [key])))
    }
    mutating func nestedContainer<N: CodingKey>(keyedBy type: N.Type, forKey key: Key) -> KeyedEncodingContainer<N> {
        let slot = NodeStorage()
        slot.mapItems = []
        storage.mapItems!.append((encodedKey(key), slot))
        return KeyedEncodingContainer(KeyedNodeContainer<N>(storage: slot, codingPath: codingPath + [key]))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let slot = NodeStorage()
        slot.arrayItems = []
        storage.mapItems!.append((encodedKey(key), slot))
        return UnkeyedNodeContainer(storage: slot, codingPath: codingPath + [key])
    }
    mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let slot = NodeStorage()
        storage.mapItems!.append((encodedKey(key), slot))
        return NodeEncoder(codingPath: codingPath + [key], root: slot)
    }
}

struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let storage: NodeStorage
    let codingPath: [any CodingKey]
    var count: Int { storage.arrayItems!.count }

    mutating func encodeNil() { storage.arrayItems!.append(NodeStorage()) }
    mutating func encode<T: Encodable>(_ value: T) { storage.arrayItems!.append(scalar(value, path: codingPath)) }
    mutating func nestedContainer<N: CodingKey>(keyedBy type: N.Type) -> KeyedEncodingContainer<N> {
        let slot = NodeStorage()
        slot.mapItems = []
        storage.arrayItems!.append(slot)
        return KeyedEncodingContainer(KeyedNodeContainer<N>(storage: slot, codingPath: codingPath))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let slot = NodeStorage()
        slot.arrayItems = []
        storage.arrayItems!.append(slot)
        return UnkeyedNodeContainer(storage: slot, codingPath: codingPath)
    }
    mutating func superEncoder() -> any Encoder {
        let slot = NodeStorage()
        storage.arrayItems!.append(slot)
        return NodeEncoder(codingPath: codingPath, root: slot)
    }
}

struct SingleNodeContainer: SingleValueEncodingContainer {
    let storage: NodeStorage
    let codingPath: [any CodingKey]
    mutating func encodeNil() { storage.node = .nil }
    mutating func encode<T: Encodable>(_ value: T) {
        let slot = scalar(value, path: codingPath)
        storage.node = slot.finished
    }
}
