import ArgumentParser
import Behave

/// `behave verify FILE --public-key KEY`: whether FILE.sig was made by a trusted key over FILE's bytes.
package struct VerifyCommand: RemoteOnlyCommand {
    /// In the help only of a tool that can fetch, sign and verify.
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "verify",
            abstract: "Check a behaviour's detached signature against trusted public keys.",
            shouldDisplay: BehaveTool.current.canFetch
        )
    }

    @Argument(help: "The behaviour file.", completion: .file(extensions: ["lua", "json"]))
    package var file: String

    @Option(help: ArgumentHelp("The signature file. Default: FILE.sig.", valueName: "file"))
    package var signature: String?

    @Option(
        name: .customLong("public-key"),
        help: ArgumentHelp("A trusted public key: base64, or a file holding it (repeatable).", valueName: "key"))
    package var publicKeys: [String]

    @OptionGroup package var input: InputOptions

    package init() {}

    package func run(tools: any RemoteTools) throws { try tools.verify(self) }
}
