import ArgumentParser
import Behave
import BehaveRemote

/// `behave sign FILE --key KEY`: a detached signature over the file's exact bytes.
struct SignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Check a behaviour, then write its detached Ed25519 signature (FILE.sig) over its exact bytes.",
        discussion: "Serve FILE.sig next to FILE: the loader fetches URL.sig."
    )

    @Argument(help: "The behaviour file.")
    var file: String

    @Option(help: ArgumentHelp("The private key file from `behave keygen`.", valueName: "file"))
    var key: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the signature. Default: FILE.sig.", valueName: "file"))
    var output: String?

    @OptionGroup var sandbox: SandboxOptions

    func run() throws {
        let signingKey: SigningKey
        let behaviour: Behaviour
        do {
            signingKey = try KeyFiles.signingKey(key)
            behaviour = try Behaviour.read(path: file)
        } catch { throw BehaveExit.report(error) }
        // A behaviour that would be refused by every app is not worth a signature.
        let host = try sandbox.makeHost()
        let errors = host.check(behaviour).filter { $0.severity == .error }
        if !errors.isEmpty { throw BehaveExit.report(.invalid(errors)) }
        let path = output ?? file + ".sig"
        do {
            try KeyFiles.write(signingKey.signature(for: behaviour.bytes).text + "\n", to: path, mode: 0o644, replace: true)
        } catch {
            StandardError.write("behave: \(error)\n")
            throw ExitCode(BehaveExit.cannotWrite)
        }
        print("wrote \(path): signed by \(signingKey.publicKey.fingerprint)")
    }
}
