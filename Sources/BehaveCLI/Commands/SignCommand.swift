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
            discussion: "Serve FILE.sig next to FILE: the loader fetches URL.sig.",
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

    /// `--expires` in seconds since 1970.
    package var expirySeconds: Int64? { expires.flatMap(UTCDate.seconds) }

    package func validate() throws {
        if let sequence, sequence < 0 { throw ValidationError("--sequence expects a whole number ≥ 0") }
        if let expires, UTCDate.seconds(expires) == nil {
            throw ValidationError("--expires expects YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS]Z (UTC), not \(expires)")
        }
    }

    @OptionGroup package var sandbox: SandboxOptions

    package init() {}

    package func run(tools: any RemoteTools) throws { try tools.sign(self) }
}
