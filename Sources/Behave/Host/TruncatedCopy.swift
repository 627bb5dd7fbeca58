/// A copy of Lua values that a bound cut short (``RunResults/isTruncated``).
public struct TruncatedCopy: Error, CustomStringConvertible {
    public var description: String { "the values were too large to copy whole, and were cut" }
}
