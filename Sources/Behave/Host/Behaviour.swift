import BehavePlatform

/// A behaviour file's bytes, its name for messages, and its format.
public struct Behaviour: Sendable {
    /// JSON action list or Lua script.
    public enum Format: String, Sendable { case json, lua }

    /// The name errors show (`Protocols.json`, `keynote.lua`).
    public var name: String
    /// The exact bytes that run.
    public var bytes: [UInt8]
    public var format: Format
    /// The directory `require` searches by default.
    public var directory: String?
    /// Which behaviour this is across its copies and versions: its ``BehaviourStore`` namespace.
    /// Unless set, its ``name`` (a file read by ``read(path:limit:timeLimit:)`` is named by its
    /// absolute path, links resolved, so that it keeps its store whatever directory runs it).
    public var identity: String {
        get { givenIdentity ?? name }
        set { givenIdentity = newValue }
    }
    private var givenIdentity: String?

    /// A behaviour from bytes; the format is detected when not given (see ``detectFormat(name:bytes:)``).
    public init(name: String, bytes: [UInt8], format: Format? = nil, directory: String? = nil) {
        self.name = name
        self.bytes = bytes
        self.format = format ?? Behaviour.detectFormat(name: name, bytes: bytes)
        self.directory = directory
    }

    /// A behaviour from a Lua or JSON string.
    public init(name: String, source: String, format: Format? = nil) {
        self.init(name: name, bytes: Array(source.utf8), format: format)
    }

    /// By extension (`.json`, `.lua`), then by content: a file whose first non-blank
    /// character is `[` or `{` is JSON.
    public static func detectFormat(name: String, bytes: [UInt8]) -> Format {
        let lower = name.lowercased()
        if lower.hasSuffix(".json") { return .json }
        if lower.hasSuffix(".lua") { return .lua }
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        let first = bytes[start...].first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "[") || first == UInt8(ascii: "{") ? .json : .lua
    }

    /// Whether `name` is an http(s) URL (loaded through `BehaveRemote`) rather than a file path.
    ///
    /// ```swift
    /// let remote = Behaviour.isRemote("https://example.com/b.lua")  // true
    /// let local = Behaviour.isRemote("scripts/b.lua")  // false
    /// ```
    public static func isRemote(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://")
    }

    /// Reads a behaviour file of at most `limit` bytes (0 for any size): a larger one, or a
    /// stream such as `/dev/zero`, is refused with ``BehaveError/tooLarge(_:limit:)`` before
    /// anything past the limit is read. A file that is not regular (a FIFO, a pipe, a device)
    /// must reach its end within `timeLimit` seconds (0 for no bound).
    public static func read(path: String, limit: Int = Limits().input, timeLimit: Double = Limits().time)
        throws(BehaveError) -> Behaviour
    {
        let bytes = try FileBytes.read(path, limit: limit, seconds: timeLimit)
        var behaviour = Behaviour(name: path, bytes: bytes, directory: LexicalPath.directory(of: path))
        behaviour.identity = absolutePath(path)
        return behaviour
    }

    /// `path` from the root, links resolved: the same file has one absolute path whatever
    /// directory names it. One that does not exist is resolved as written (`.` and `..` dropped).
    public static func absolutePath(_ path: String) -> String {
        Platform.realPath(path) ?? LexicalPath.absolute(path)
    }
}
