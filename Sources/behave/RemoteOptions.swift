import ArgumentParser
import Behave
import BehaveRemote

/// Options for behaviours given as an https:// URL (ignored for files).
struct RemoteOptions: ParsableArguments {
    @Option(name: .customLong("cache-dir"), help: ArgumentHelp("Where the last good copies are kept. Default: $XDG_CACHE_HOME/behave or ~/.cache/behave.", valueName: "dir"))
    var cacheDirectory: String?

    @Option(name: .customLong("max-size"), help: "Largest body accepted (e.g. 1MiB, 256KiB). Default 1MiB.")
    var maximumSize: ByteCount?

    @Option(name: .customLong("connect-timeout"), help: ArgumentHelp("Seconds to connect. Default 5.", valueName: "seconds"))
    var connectTimeout: Double?

    @Option(name: .customLong("timeout"), help: ArgumentHelp("Seconds for the whole fetch, redirects and body included. Default 15.", valueName: "seconds"))
    var timeout: Double?

    @Option(name: .customLong("max-redirects"), help: "Redirects followed. Default 5.")
    var maximumRedirects: Int?

    @Flag(name: .customLong("allow-http"), help: "Allow plain http:// (and redirects to it). Only for servers you trust on networks you trust.")
    var allowHTTP = false

    @Option(name: .customLong("min-fetch-interval"), help: ArgumentHelp("Within this many seconds of the last confirmed fetch, run the cached copy without a request. Default 0.", valueName: "seconds"))
    var minimumFetchInterval: Double?

    @Flag(help: "Fetch now, even within --min-fetch-interval.")
    var refresh = false

    @Option(help: ArgumentHelp("A bundled behaviour file to run when there is neither a fresh nor a cached copy.", valueName: "file"))
    var fallback: String?

    @Option(name: .customLong("public-key"), help: ArgumentHelp("A trusted Ed25519 public key: base64, or a file holding it (repeatable, for rotation). URL.sig is then fetched and checked.", valueName: "key"))
    var publicKeys: [String] = []

    @Flag(name: .customLong("require-signature"), help: "Refuse copies that are unsigned or not signed by a --public-key.")
    var requireSignature = false

    func validate() throws {
        if requireSignature && publicKeys.isEmpty {
            throw ValidationError("--require-signature needs at least one --public-key")
        }
        for (name, value) in [("--timeout", timeout), ("--connect-timeout", connectTimeout), ("--min-fetch-interval", minimumFetchInterval)] {
            if let value, !(value >= 0 && value.isFinite) { throw ValidationError("\(name) expects seconds ≥ 0, got \(value)") }
        }
        if let maximumRedirects, maximumRedirects < 0 { throw ValidationError("--max-redirects expects a count ≥ 0") }
    }

    /// The loader's configuration; reads the keys and the fallback file.
    func configuration() throws(BehaveError) -> RemoteConfiguration {
        var configuration = RemoteConfiguration()
        if let cacheDirectory { configuration.cacheDirectory = cacheDirectory }
        if let maximumSize { configuration.maximumSize = maximumSize.bytes }
        if let connectTimeout { configuration.connectTimeout = connectTimeout }
        if let timeout { configuration.timeout = timeout }
        if let maximumRedirects { configuration.maximumRedirects = maximumRedirects }
        if let minimumFetchInterval { configuration.minimumFetchInterval = minimumFetchInterval }
        configuration.allowHTTP = allowHTTP
        configuration.refresh = refresh
        configuration.requireSignature = requireSignature
        for key in publicKeys { configuration.publicKeys.append(try KeyFiles.publicKey(key)) }
        if let fallback { configuration.fallback = try Behaviour.read(path: fallback) }
        return configuration
    }
}
