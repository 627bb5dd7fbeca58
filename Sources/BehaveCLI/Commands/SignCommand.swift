import ArgumentParser
import Behave

/// `behave sign FILE --key KEY`: a detached signature over the file's exact bytes.
package struct SignCommand: RemoteOnlyCommand {
    /// In the help only of a tool that can fetch, sign and verify.
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "sign",
            abstract:
                "Check a behaviour, then write its detached Ed25519 signature (FILE.sig) over its exact bytes, a sequence number and an optional expiry.",
            discussion: """
                Serve FILE.sig next to FILE: the loader fetches URL.sig. With --against DIR, FILE is first \
                replayed over the recordings in DIR (*.rec, from `run --record`) beside the copy each recorded; \
                when it behaves otherwise, sign prints the differences (as `diff` does) and refuses (exit 5) \
                unless --accept-diff says they were reviewed. The corpus's digest is signed with the copy.
                """,
            shouldDisplay: BehaveTool.current.canFetch
        )
    }

    @Argument(help: "The behaviour file.", completion: .file(extensions: ["lua", "json"]))
    package var file: String

    @Option(help: ArgumentHelp("The private key file from `behave keygen`.", valueName: "file"))
    package var key: String

    @Option(
        name: .shortAndLong, help: ArgumentHelp("Where to write the signature. Default: FILE.sig.", valueName: "file"))
    package var output: String?

    @Option(
        help: ArgumentHelp(
            "The copy's sequence number, signed with it: apps refuse a copy lower than their last good one. Default: the time now, in seconds.",
            valueName: "n"))
    package var sequence: Int64?

    @Option(
        help: ArgumentHelp(
            "When the copy stops being valid, signed with it: YYYY-MM-DD (midnight UTC) or YYYY-MM-DDTHH:MM[:SS]Z. Default: never.",
            valueName: "date"))
    package var expires: String?

    @Option(
        help: ArgumentHelp(
            "Refuses to sign a copy that behaves otherwise than the recorded copies over the recordings in DIR, unless --accept-diff.",
            valueName: "dir"),
        completion: .directory)
    package var against: String?

    @Flag(
        help:
            "Signs even though the copy behaves otherwise over the --against recordings: the differences were reviewed."
    )
    package var acceptDiff = false

    /// The digest of the `--against` corpus, once the copy has been compared over it.
    package var corpusDigest: String?

    /// `--expires` in seconds since 1970.
    package var expirySeconds: Int64? { expires.flatMap(UTCDate.seconds) }

    package func validate() throws {
        if let sequence, sequence < 0 { throw ValidationError("--sequence expects a whole number ≥ 0") }
        if acceptDiff && against == nil { throw ValidationError("--accept-diff goes with --against") }
        if let expires, UTCDate.seconds(expires) == nil {
            throw ValidationError("--expires expects YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS]Z (UTC), not \(expires)")
        }
    }

    @OptionGroup package var sandbox: SandboxOptions

    package init() {}

    package func run(tools: any RemoteTools) throws { try tools.sign(self) }

    /// With `--against`, compares the copy over the recordings first; then signs.
    package func run(with tools: (any RemoteTools)?) async throws {
        guard let tools else { RemoteHandOff.exec() }
        var command = self
        if let against {
            command.corpusDigest = try await SignGate.check(file, against: against, accepting: acceptDiff)
        }
        try tools.sign(command)
    }
}
