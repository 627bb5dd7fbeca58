/// Why an action of the shop refuses: a line behaviours see as the error.
public struct ShopError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
