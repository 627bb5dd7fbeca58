/// What a run trusts and sends to its servers (`--header`, `--ca-file`, `--allow-http`), for a
/// module that reaches a server of its own: the keynote's votes go back to the pub/sub server
/// the events come from, with the same token and the same authority.
///
/// ```swift
/// let headers = given.connection.headers.map { "\($0.name): \($0.value)" }
/// let authorities = given.connection.certificateAuthorities ?? "the system's"
/// ```
public struct ModuleConnection: Sendable, Equatable {
    /// The headers every request of the run sends (`--header`), in order.
    public var headers: [Header]
    /// The PEM file of the certificate authorities to trust instead of the system's (`--ca-file`).
    public var certificateAuthorities: String?
    /// Whether plain `http://` is allowed (`--allow-http`).
    public var allowHTTP: Bool

    /// One header: its name and value.
    public struct Header: Sendable, Equatable {
        /// The name, an HTTP token.
        public var name: String
        /// The value, without line breaks.
        public var value: String
    }

    /// No header, the system's authorities, `https://` only.
    public init() {
        headers = []
        certificateAuthorities = nil
        allowHTTP = false
    }

    /// What a command's remote options say.
    init(_ remote: RemoteOptions) {
        headers = remote.headers.map { Header(name: $0.name, value: $0.value) }
        certificateAuthorities = remote.certificateAuthorities
        allowHTTP = remote.allowHTTP
    }
}
