/// An error that came out of Lua: a failed load, a runtime error, a memory error, a failing
/// error handler, or a sandbox limit.
///
/// ```swift
/// do {
///     try state.run("error('boom')", chunkName: "=demo")
/// } catch let error as LuaError {
///     print(error.kind, error.message)  // runtime error demo:1: boom
/// }
/// ```
public struct LuaError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, as Lua's status codes and the sandbox tell it.
    public enum Kind: Sendable, Equatable, CustomStringConvertible {
        /// The chunk did not compile.
        case syntax
        /// An error raised while running (`error(...)`, a bad operation, a failed action).
        case runtime
        /// An allocation failed (Lua's `LUA_ERRMEM`).
        case memory
        /// The message handler itself failed (Lua's `LUA_ERRERR`).
        case errorHandler
        /// A host limit terminated the run.
        case limit(LuaLimit)
        /// The run was cancelled from outside, through the control block's cancellation flag (a
        /// host's `Cancellation`).
        case cancelled
        /// The state was already closed.
        case closed

        public var description: String {
            switch self {
            case .syntax: "syntax error"
            case .runtime: "runtime error"
            case .memory: "memory error"
            case .errorHandler: "error in error handler"
            case .limit(let limit): "limit exceeded: \(limit)"
            case .cancelled: "cancelled"
            case .closed: "state closed"
            }
        }
    }

    /// What kind of error this is.
    public var kind: Kind
    /// The message, with Lua's `chunk:line:` prefix when Lua gave one.
    public var message: String
    /// The chunk the error points at (`keynote.lua`, `stdin`), when known.
    public var chunkName: String?
    /// The line the error points at, when known.
    public var line: Int?
    /// A Lua traceback of the failing coroutine (script frames only), when one was taken.
    public var traceback: String?

    /// Creates an error. The chunk name and line are parsed from `message` when not given.
    public init(kind: Kind, message: String, chunkName: String? = nil, line: Int? = nil, traceback: String? = nil) {
        self.kind = kind
        self.message = message
        self.traceback = traceback
        if chunkName == nil, line == nil, let position = LuaError.position(in: message) {
            self.chunkName = position.chunk
            self.line = position.line
        } else {
            self.chunkName = chunkName
            self.line = line
        }
    }

    public var description: String { message }

    /// The message without its leading `chunk:line: `, for reports that show the position
    /// separately (`file:line:column: error: …`).
    public var text: String {
        guard let position = LuaError.position(in: message) else { return message }
        let prefix = "\(position.chunk):\(position.line):"
        var rest = message.dropFirst(prefix.count)
        if rest.first == " " { rest = rest.dropFirst() }
        return String(rest)
    }

    /// Finds a leading `chunk:line:` in a Lua message.
    static func position(in message: String) -> (chunk: String, line: Int)? {
        let text = Substring(message)
        // Lua writes "chunk:line: text"; the chunk name itself may contain colons, so take
        // the first ":<digits>:" pair.
        var index = text.startIndex
        while let colon = text[index...].firstIndex(of: ":") {
            let afterColon = text.index(after: colon)
            let digits = text[afterColon...].prefix(while: { $0.isASCII && $0.isNumber })
            if !digits.isEmpty, digits.endIndex < text.endIndex, text[digits.endIndex] == ":",
                let line = Int(digits), colon > text.startIndex
            {
                return (String(text[..<colon]), line)
            }
            index = afterColon
        }
        return nil
    }
}

/// A limit the host enforces on a run.
public enum LuaLimit: String, Sendable, CaseIterable, CustomStringConvertible {
    /// The allocator's cap over the whole state.
    case memory
    /// The instruction budget of a run slice.
    case instructions
    /// The wall-clock budget of a run slice.
    case time
    /// The bytes written by `print` and module output.
    case output
    /// Call depth (Lua's stack or the C stack).
    case depth
    /// The whole run's time on the host's clock (waits included).
    case duration

    public var description: String { rawValue }

    /// The limit a control block's termination code (`BEHAVE_LIMIT_*`) names; nil for a
    /// cancellation or a stop.
    public init?(reason: Int32) {
        guard let limit = Self.allCases.first(where: { LuaTermination($0).reason == reason }) else { return nil }
        self = limit
    }
}
