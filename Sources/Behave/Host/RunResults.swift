import BehaveLua

/// What a run's main chunk returned, copied out of the Lua state as plain data: values an app
/// keeps, sends to another task, and decodes into its own `Decodable` types.
///
/// ```swift
/// struct Order: Decodable {
///     var item: String
///     var quantity: Int
/// }
/// let report = try await host.run(Behaviour(name: "order.lua", source: "return {item = 'tea', quantity = 2}"))
/// let order = try report.results.decode(Order.self)
/// ```
///
/// A behaviour chooses what it returns, so the copy is bounded whatever the tables hold: they
/// nest at most ``maximumDepth`` levels, hold at most ``maximumValues`` values and
/// ``maximumBytes`` bytes of strings in all, each counted where the copy reads it (a table that
/// contains itself, or one string a thousand times, costs a bounded copy). What lies past a bound
/// is the string `"…"`, and ``isTruncated`` says so: ``decode(_:at:)`` refuses a truncated copy.
/// Functions, coroutines and userdata are the string naming their type, as in the trace.
public struct RunResults: RandomAccessCollection, Sendable, Equatable {
    /// Levels of nested tables copied.
    public static let maximumDepth = 100
    /// Values copied out of the tables among the results, all tables together.
    public static let maximumValues = 100_000
    /// Bytes of strings copied, all values together.
    public static let maximumBytes = 64 << 20

    /// The values, in the order the chunk returned them.
    public let values: [PlainValue]
    /// Whether a bound cut the copy: some value is `"…"` where the state held more.
    public let isTruncated: Bool

    /// Results made of these values.
    public init(_ values: [PlainValue]) {
        self.values = values
        self.isTruncated = false
    }

    public var startIndex: Int { values.startIndex }
    public var endIndex: Int { values.endIndex }
    public subscript(position: Int) -> PlainValue { values[position] }

    /// The result at `index` (the first by default) decoded as `type`; a missing result
    /// decodes as `nil`. Errors name the path that did not fit (`value.quantity: number
    /// expected, got string`); a truncated copy is an error, never a value that decodes by chance.
    public func decode<T: Decodable>(_ type: T.Type, at index: Int = 0) throws -> T {
        if isTruncated { throw TruncatedCopy() }
        let value = values.indices.contains(index) ? values[index] : .null
        return try LuaTableDecoder().decode(type, from: value.node)
    }

    /// Copies values read from a state, within the bounds.
    init(copying values: [LuaValue]) {
        let budget = CopyBudget(values: Self.maximumValues, bytes: Self.maximumBytes)
        // The values themselves are as many as Lua's stack holds: only what they contain counts.
        self.values = values.map { PlainValue.copy($0, depth: 0, budget: budget) }
        self.isTruncated = budget.truncated
    }
}
