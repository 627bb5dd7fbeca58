import ArgumentParser
import Behave
import BehaveRemote

/// `behave keygen NAME`: a new Ed25519 key pair for signing behaviours.
struct KeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Write a new Ed25519 key pair: NAME.key (private, mode 600) and NAME.pub (give it to the app)."
    )

    @Argument(help: "The files' path without extension.")
    var name: String = "behave"

    @Flag(help: "Replace existing key files.")
    var force = false

    func run() throws {
        let key = SigningKey()
        let privatePath = name + ".key", publicPath = name + ".pub"
        do {
            // Both names are checked before either is written, so a refusal leaves nothing behind.
            if !force {
                for path in [privatePath, publicPath] where KeyFiles.exists(path) {
                    throw AtomicWriteError(path: path, reason: "already exists (pass --force to replace it)")
                }
            }
            try KeyFiles.write(key.text + "\n", to: privatePath, mode: 0o600, replace: force)
            try KeyFiles.write(key.publicKey.text + "\n", to: publicPath, mode: 0o644, replace: force)
        } catch {
            StandardError.write("behave: \(error)\n")
            throw ExitCode(BehaveExit.cannotWrite)
        }
        print("wrote \(privatePath): the private key; keep it secret (a CI secret, not the repository)")
        print("wrote \(publicPath): the public key \(key.publicKey.text) (fingerprint \(key.publicKey.fingerprint))")
    }
}
