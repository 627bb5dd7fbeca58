import ArgumentParser
import Behave

/// `behave sign FILE --key KEY`: a detached signature over the file's exact bytes.
package struct SignCommand: RemoteOnlyCommand {
    package static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Check a behaviour, then write its detached Ed25519 signature (FILE.sig) over its exact bytes.",
        discussion: "Serve FILE.sig next to FILE: the loader fetches URL.sig."
    )

    @Argument(help: "The behaviour file.", completion: .file(extensions: ["lua", "json"]))
    package var file: String

    @Option(help: ArgumentHelp("The private key file from `behave keygen`.", valueName: "file"))
    package var key: String

    @Option(
        name: .shortAndLong, help: ArgumentHelp("Where to write the signature. Default: FILE.sig.", valueName: "file"))
    package var output: String?

    @OptionGroup package var sandbox: SandboxOptions

    package init() {}

    package func run(tools: any RemoteTools) throws { try tools.sign(self) }
}
