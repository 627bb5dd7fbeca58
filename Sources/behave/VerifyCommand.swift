import ArgumentParser
import Behave
import BehaveRemote

/// `behave verify FILE --public-key KEY`: whether FILE.sig was made by a trusted key over FILE's bytes.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a behaviour's detached signature against trusted public keys."
    )

    @Argument(help: "The behaviour file.")
    var file: String

    @Option(help: ArgumentHelp("The signature file. Default: FILE.sig.", valueName: "file"))
    var signature: String?

    @Option(name: .customLong("public-key"), help: ArgumentHelp("A trusted public key: base64, or a file holding it (repeatable).", valueName: "key"))
    var publicKeys: [String]

    func run() throws {
        let signaturePath = signature ?? file + ".sig"
        do {
            let keys = try publicKeys.map { (key) throws(BehaveError) in try KeyFiles.publicKey(key) }
            let bytes = try FileBytes.read(file)
            let signature = try KeyFiles.signature(signaturePath)
            guard let signer = signature.signer(of: bytes, among: keys) else {
                StandardError.write("behave: \(file): the signature in \(signaturePath) is not by any of the \(keys.count) given key\(keys.count == 1 ? "" : "s") over these bytes\n")
                throw ExitCode(BehaveExit.invalid)
            }
            print("\(file): signed by \(signer.fingerprint)")
        } catch let error as BehaveError {
            throw BehaveExit.report(error)
        }
    }
}
