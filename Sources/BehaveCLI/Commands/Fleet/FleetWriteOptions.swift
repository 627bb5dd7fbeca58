import ArgumentParser
import Behave

/// Where a `behave fleet` command writes the manifest and how it signs it.
package struct FleetWriteOptions: ParsableArguments {
    package init() {}

    @Argument(
        help: "The manifest file: read, changed, and written again in place.", completion: .file(extensions: ["json"]))
    package var manifest: String

    @Option(
        help: ArgumentHelp(
            "The private key file from `behave keygen`: MANIFEST.sig is written beside it. Without it the manifest is left unsigned.",
            valueName: "file"))
    package var key: String?

    @Option(
        help: ArgumentHelp(
            "The manifest's sequence number, signed with it: devices refuse one lower than their last good one. Default: the time now in seconds, or one more than MANIFEST.sig's.",
            valueName: "n"))
    package var sequence: Int64?

    @Option(
        help: ArgumentHelp(
            "When the manifest stops being valid, signed with it: YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS]Z. Default: never.",
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
}
