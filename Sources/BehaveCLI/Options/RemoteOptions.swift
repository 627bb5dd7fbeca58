import ArgumentParser
import Behave

/// Options for behaviours given as an https:// URL (ignored for files).
package struct RemoteOptions: ParsableArguments {
    package init() {}

    @Option(
        name: .customLong("cache-dir"),
        help: ArgumentHelp(
            "Where the last good copies are kept. Default: \(BehaveTool.current.cacheDirectoryHelp).", valueName: "dir"
        ))
    package var cacheDirectory: String?

    @Option(name: .customLong("max-size"), help: "Largest body accepted (e.g. 1MiB, 256KiB). Default 1MiB.")
    package var maximumSize: ByteCount?

    @Option(
        name: .customLong("connect-timeout"), help: ArgumentHelp("Seconds to connect. Default 5.", valueName: "seconds")
    )
    package var connectTimeout: Double?

    @Option(
        name: .customLong("timeout"),
        help: ArgumentHelp(
            "Seconds for the whole fetch, redirects and body included. Default 15.", valueName: "seconds"))
    package var timeout: Double?

    @Option(name: .customLong("max-redirects"), help: "Redirects followed. Default 5.")
    package var maximumRedirects: Int?

    @Flag(
        name: .customLong("allow-http"),
        help: "Allow plain http:// (and redirects to it). Only for servers you trust on networks you trust.")
    package var allowHTTP = false

    @Option(
        name: .customLong("min-fetch-interval"),
        help: ArgumentHelp(
            "Within this many seconds of the last confirmed fetch, run the cached copy without a request. Default 0.",
            valueName: "seconds"))
    package var minimumFetchInterval: Double?

    @Option(
        name: .customLong("max-wait"),
        help: ArgumentHelp(
            "With a cached copy, wait at most this long for the fresh one; 0 runs the cached copy at once. The fetch goes on (the copy and its signature, each within --timeout): after the run, with its output written, the tool waits for it, and a fresh copy is kept for the next run. Default: wait for the fetch.",
            valueName: "seconds"))
    package var maximumWait: Double?

    @Flag(help: "Fetch now, even within --min-fetch-interval.")
    package var refresh = false

    @Option(
        help: ArgumentHelp(
            "A bundled behaviour file to run when there is neither a fresh nor a cached copy.", valueName: "file"))
    package var fallback: String?

    @Option(
        name: .customLong("public-key"),
        help: ArgumentHelp(
            "A trusted Ed25519 public key: base64, or a file holding it (repeatable, for rotation). URL.sig is then fetched and checked.",
            valueName: "key"))
    package var publicKeys: [String] = []

    @Flag(
        name: .customLong("require-signature"), help: "Refuse copies that are unsigned or not signed by a --public-key."
    )
    package var requireSignature = false

    @Option(
        name: .customLong("ca-file"),
        help: ArgumentHelp(
            "Trust the certificate authorities in this PEM file for https, instead of the system's.",
            valueName: "pem"),
        completion: .file())
    package var certificateAuthorities: String?

    @Option(
        name: .customLong("header"),
        help: ArgumentHelp(
            "A header every request sends, 'Name: value' (repeatable): Authorization, an API key. Replaces User-Agent or Accept when it names them.",
            valueName: "header"))
    package var headers: [HeaderEntry] = []

    @Option(
        name: .customLong("activate"),
        help: ArgumentHelp(
            "When a new copy that arrives while the behaviour runs takes over: next-launch (kept for the next run), when-idle (once no task is ready and no action in flight, after its behave.reload handlers), or now. Default next-launch.",
            valueName: "policy"))
    package var activation: Activation = .nextLaunch

    @Option(
        name: .customLong("poll"),
        help: ArgumentHelp(
            "While the behaviour runs, look for a new copy every this many seconds (a conditional GET), besides the behave.update notices of --events. Default: only on notice.",
            valueName: "seconds"))
    package var pollInterval: Double?

    @OptionGroup(title: "Fleet manifests") package var fleet: FleetOptions

    /// `--activate`'s values.
    package enum Activation: String, ExpressibleByArgument, CaseIterable, Sendable {
        case nextLaunch = "next-launch"
        case whenIdle = "when-idle"
        case now
    }

    package func validate() throws {
        if requireSignature && publicKeys.isEmpty {
            throw ValidationError("--require-signature needs at least one --public-key")
        }
        for (name, value) in [
            ("--timeout", timeout), ("--connect-timeout", connectTimeout),
            ("--min-fetch-interval", minimumFetchInterval), ("--max-wait", maximumWait),
        ] {
            if let value, !(value >= 0 && value.isFinite) {
                throw ValidationError("\(name) expects seconds ≥ 0, got \(value)")
            }
        }
        if let maximumRedirects, maximumRedirects < 0 { throw ValidationError("--max-redirects expects a count ≥ 0") }
        if let pollInterval, !(pollInterval >= 0.1 && pollInterval <= 86_400) {
            throw ValidationError("--poll expects seconds from 0.1 to 86400, got \(pollInterval)")
        }
    }
}
