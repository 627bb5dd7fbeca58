/// Decodes `Decodable` Swift values from Lua values: tables into structs, arrays and
/// dictionaries, with errors that name the path (`value.votes.2: number expected, got string`).
///
/// ```swift
/// struct Vote: Codable {
///     var destination: String
///     var count: Int
/// }
/// let vote = try LuaTableDecoder().decode(Vote.self, from: stack, at: 1)
/// ```
public struct LuaTableDecoder {
    /// Creates a decoder.
    public init() {}

    /// Decodes the value at `index`, reading only the fields `T` asks for. A cycle or absurd
    /// nesting along the way is an error; fields `T` does not have are never looked at.
    public func decode<T: Decodable>(_ type: T.Type, from stack: LuaStack, at index: Int32) throws -> T {
        try StackDecoder.decode(type, from: stack, at: index)
    }

    /// Decodes a tree already copied out of a state (a run's results, which outlive it).
    package func decode<T: Decodable>(_ type: T.Type, from node: LuaNode) throws -> T {
        try decodeScalar(type, node, { [] })
    }
}

/// Decodes from a copy of a value (a node tree): used for containers a type keeps beyond one
/// call (`nestedContainer`, `superDecoder`), which cannot borrow stack slots.
struct NodeDecoder: Decoder {
    let node: LuaNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch node {
        case .map(let pairs):
            var entries: [String: LuaNode] = [:]
            for pair in pairs { entries[pair.key.keyDescription] = pair.value }
            return KeyedDecodingContainer(KeyedNodeDecoding<Key>(entries: entries, codingPath: codingPath))
        case .array(let items):
            var entries: [String: LuaNode] = [:]
            for (offset, item) in items.enumerated() { entries[String(offset + 1)] = item }
            return KeyedDecodingContainer(KeyedNodeDecoding<Key>(entries: entries, codingPath: codingPath))
        default:
            throw mismatch("table", node.typeName, codingPath)
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        switch node {
        case .array(let items): return UnkeyedNodeDecoding(items: items, codingPath: codingPath)
        case .map(let pairs) where pairs.isEmpty: return UnkeyedNodeDecoding(items: [], codingPath: codingPath)
        default: throw mismatch("sequence", node.typeName, codingPath)
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleNodeDecoding(node: node, codingPath: codingPath)
    }
}

func mismatch(_ expected: String, _ typeName: String, _ path: [any CodingKey]) -> LuaDecodingError {
    LuaDecodingError("\(describe(path)): \(expected) expected, got \(typeName)")
}

/// `path` is a closure so that a value that decodes builds no coding path (an array of
/// existentials per field).
func decodeScalar<T: Decodable>(_ type: T.Type, _ node: LuaNode, _ path: () -> [any CodingKey]) throws -> T {
    if ScalarDecoding.isScalar(type) { return try ScalarDecoding.scalar(type, node, path) }
    return try T(from: NodeDecoder(node: node, codingPath: path()))
}

struct KeyedNodeDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let entries: [String: LuaNode]
    let codingPath: [any CodingKey]
    var allKeys: [Key] { entries.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { entries[key.stringValue] != nil }
    func value(_ key: Key) -> LuaNode { entries[key.stringValue] ?? .nil }
    func decodeNil(forKey key: Key) throws -> Bool {
        if case .nil = value(key) { return true }
        return false
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decodeScalar(type, value(key), { codingPath + [key] })
    }
    func nestedContainer<N: CodingKey>(keyedBy type: N.Type, forKey key: Key) throws -> KeyedDecodingContainer<N> {
        try NodeDecoder(node: value(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try NodeDecoder(node: value(key), codingPath: codingPath + [key]).unkeyedContainer()
    }
    func superDecoder() throws -> any Decoder {
        NodeDecoder(node: .map(entries.map { (.string($0.key), $0.value) }), codingPath: codingPath)
    }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        NodeDecoder(node: value(key), codingPath: codingPath + [key])
    }
}

struct IndexKey: CodingKey {
    var stringValue: String { String(intValue! + 1) }
    var intValue: Int?
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.intValue = intValue }
}

struct UnkeyedNodeDecoding: UnkeyedDecodingContainer {
    let items: [LuaNode]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    init(items: [LuaNode], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    mutating func next() throws -> (LuaNode, [any CodingKey]) {
        guard !isAtEnd else { throw LuaDecodingError("value: sequence ended early at \(currentIndex + 1)") }
        defer { currentIndex += 1 }
        return (items[currentIndex], codingPath + [IndexKey(currentIndex)])
    }
    mutating func decodeNil() throws -> Bool {
        if !isAtEnd, case .nil = items[currentIndex] {
            currentIndex += 1
            return true
        }
        return false
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (node, path) = try next()
        return try decodeScalar(type, node, { path })
    }
    mutating func nestedContainer<N: CodingKey>(keyedBy type: N.Type) throws -> KeyedDecodingContainer<N> {
        let (node, path) = try next()
        return try NodeDecoder(node: node, codingPath: path).container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (node, path) = try next()
        return try NodeDecoder(node: node, codingPath: path).unkeyedContainer()
    }
    mutating func superDecoder() throws -> any Decoder {
        let (node, path) = try next()
        return NodeDecoder(node: node, codingPath: path)
    }
}

struct SingleNodeDecoding: SingleValueDecodingContainer {
    let node: LuaNode
    let codingPath: [any CodingKey]
    func decodeNil() -> Bool {
        if case .nil = node { return true }
        return false
    }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeScalar(type, node, { codingPath }) }
}

/// A Swift type that crosses into Lua as a table through ``LuaTableEncoder`` and
/// ``LuaTableDecoder``. The conformance is all it takes:
///
/// ```swift
/// struct Point: LuaCodable {
///     var x: Int
///     var y: Int
/// }
/// lua.register("norm") { (p: Point) in p.x * p.x + p.y * p.y }
/// ```
public protocol LuaCodable: Codable, LuaPushable, LuaReadable {}

extension LuaCodable {
    public func push(to stack: LuaStack) { LuaTableEncoder().push(self, to: stack) }
    public static func read(from stack: LuaStack, at index: Int32) throws -> Self {
        do { return try LuaTableDecoder().decode(Self.self, from: stack, at: index) } catch let error
            as LuaDecodingError
        {
            throw LuaArgumentError(position: index, reason: error.description)
        }
    }
}
