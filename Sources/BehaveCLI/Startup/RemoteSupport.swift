/// How a tool built with ``BehaveTool`` fetches, signs and verifies behaviours.
///
/// The network and crypto code (AsyncHTTPClient, SwiftNIO, swift-crypto) is in `BehaveRemoteCLI`,
/// so a tool that does not link it builds and starts without them.
public struct RemoteSupport: Sendable {
    enum Kind: Sendable {
        case unavailable
        case handOff(String)
        case linked(any RemoteTools)
    }

    let kind: Kind

    /// The tools linked into this executable (`RemoteSupport.linked` in `BehaveRemoteCLI`).
    package init(tools: any RemoteTools) { kind = .linked(tools) }

    private init(_ kind: Kind) { self.kind = kind }

    /// No fetching, signing or verifying: those commands and remote URLs exit 69 with one line.
    public static let none = RemoteSupport(.unavailable)

    /// Those commands are run by `executable`, installed beside this one, on the same command
    /// line: `behave` hands them to `behave-remote` so that it never loads the network code.
    public static func handOff(to executable: String) -> RemoteSupport { RemoteSupport(.handOff(executable)) }

    /// The linked tools, if any.
    var tools: (any RemoteTools)? {
        if case .linked(let tools) = kind { return tools }
        return nil
    }
}
