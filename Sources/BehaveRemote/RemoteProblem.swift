#if Remote
    import Behave

    /// Why the fresh copy of a remote behaviour was not used. Each reads as the end of "the fresh copy was
    /// not used: …".
    public enum RemoteProblem: Error, Sendable, Equatable, CustomStringConvertible {
        /// No connection: refused, unreachable host, DNS failure, TLS failure.
        case unreachable(String)
        /// The fetch took longer than the configured timeout.
        case timedOut(seconds: Double)
        /// The server answered with a status other than 200 or 304.
        case status(Int)
        /// The body is bigger than the configured maximum.
        case tooLarge(limit: Int)
        /// The connection ended before the whole body arrived.
        case truncated(String)
        /// The Content-Type is not one a behaviour is served with.
        case contentType(String)
        /// The body is not a valid behaviour.
        case invalid([Diagnostic])
        /// More redirects than allowed, or one to plain http.
        case redirect(String)
        /// A signature was required and the server has none.
        case unsigned
        /// A signature came, but none of the trusted keys made it over these bytes.
        case badSignature(String)
        /// A 304 came for a copy the cache does not hold.
        case protocolError(String)
        /// The copy's signed expiry has passed (seconds since 1970).
        case expired(at: Int64)
        /// The server still serves the bytes of a copy that failed its first run.
        case quarantined(reason: String, at: Double)
        /// The copy's signed sequence is lower than the last good copy's: an older copy served again.
        case olderSequence(Int64, lastGood: Int64)

        public var description: String {
            switch self {
            case .unreachable(let why): return why
            case .timedOut(let seconds): return "no complete answer within \(Limits.formatSeconds(seconds)) (--timeout)"
            case .status(let code): return "the server answered \(code)"
            case .tooLarge(let limit): return "the body is larger than the \(limit)-byte limit (--max-size)"
            case .truncated(let why): return "the body was cut short (\(why))"
            case .contentType(let type): return "Content-Type \(type) is not a behaviour (expected JSON or Lua)"
            case .invalid(let diagnostics):
                let first = diagnostics.first.map { "\($0)" } ?? "invalid"
                return "the new copy is invalid: \(first)"
                    + (diagnostics.count > 1 ? " (and \(diagnostics.count - 1) more)" : "")
            case .redirect(let why): return why
            case .unsigned: return "it is unsigned (no .sig) and --require-signature is set"
            case .badSignature(let why): return "its signature does not verify: \(why)"
            case .protocolError(let why): return why
            case .expired(let at): return "its signature expired on \(UTCDate.text(at)) (behave sign --expires)"
            case .quarantined(let reason, let at):
                return
                    "the server still serves the copy quarantined on \(WallClock.dateText(at)) (its first run failed: \(reason))"
            case .olderSequence(let sequence, let lastGood):
                return
                    "its sequence \(sequence) is lower than the last good copy's \(lastGood): an older copy served again"
            }
        }
    }
#endif
