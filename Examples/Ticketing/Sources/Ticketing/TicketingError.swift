/// An action refused its arguments, or the desk refused a change; behaviours see the message.
public struct TicketingError: Error, CustomStringConvertible {
    /// The message.
    public var description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
