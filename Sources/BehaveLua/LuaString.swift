/// A Lua string: a sequence of bytes that may hold NULs and need not be UTF-8.
///
/// Lua strings are byte strings. `LuaString` keeps every byte, so a value read from Lua and
/// pushed back is identical; ``string`` gives a Swift `String` view when the bytes are valid UTF-8.
///
/// ```swift
/// let s: LuaString = "héllo"
/// let text = s.string  // "héllo"
/// let bytes = LuaString(bytes: [0xff, 0]).string  // nil: not UTF-8
/// ```
public struct LuaString: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The raw bytes, exactly as Lua holds them.
    public var bytes: [UInt8]

    /// Creates a Lua string from raw bytes.
    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// Creates a Lua string from the UTF-8 bytes of a Swift string.
    public init(_ string: String) { self.bytes = Array(string.utf8) }

    /// Creates a Lua string from a literal.
    public init(stringLiteral value: String) { self.init(value) }

    /// The bytes decoded as UTF-8, or `nil` when they are not valid UTF-8.
    public var string: String? { String(validating: bytes, as: UTF8.self) }

    /// The string for display: invalid UTF-8 sequences are replaced with U+FFFD.
    public var description: String { String(decoding: bytes, as: UTF8.self) }
}
