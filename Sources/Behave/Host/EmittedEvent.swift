/// One event a behaviour emitted (`emit(name, payload)`), as the app hears it through
/// ``BehaveHost/emittedEvents(bufferingNewest:)``.
public struct EmittedEvent: Sendable, Equatable {
    /// Values copied out of one payload's tables (``RunResults`` says how the copy is bounded).
    public static let maximumValues = 10_000
    /// Bytes of strings copied out of one payload.
    public static let maximumBytes = 1 << 20

    /// The event's name.
    public var name: String
    /// The payload, copied out of the state as a run's results are (``RunResults``), within
    /// ``maximumValues`` and ``maximumBytes``.
    public var payload: PlainValue
    /// Whether a bound cut the payload's copy; ``decode(_:)`` then refuses it.
    public var isTruncated: Bool
    /// Seconds since the run started, on the host's clock (the behaviour's `now()`).
    public var time: Double

    /// An event with these fields.
    public init(name: String, payload: PlainValue, time: Double, isTruncated: Bool = false) {
        self.name = name
        self.payload = payload
        self.time = time
        self.isTruncated = isTruncated
    }

    /// The payload decoded as `type`; errors name the path that did not fit.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if isTruncated { throw TruncatedCopy() }
        return try RunResults([payload]).decode(type)
    }
}
