/// One event a behaviour emitted (`emit(name, payload)`), as the app hears it through
/// ``BehaveHost/emittedEvents(bufferingNewest:)``.
public struct EmittedEvent: Sendable, Equatable {
    /// The event's name.
    public var name: String
    /// The payload, copied out of the state as a run's results are (``RunResults``).
    public var payload: PlainValue
    /// Seconds since the run started, on the host's clock (the behaviour's `now()`).
    public var time: Double

    /// An event with these fields.
    public init(name: String, payload: PlainValue, time: Double) {
        self.name = name
        self.payload = payload
        self.time = time
    }

    /// The payload decoded as `type`; errors name the path that did not fit.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try RunResults([payload]).decode(type)
    }
}
