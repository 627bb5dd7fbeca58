#if Remote
    import Behave

    /// How remote behaviours are fetched, cached and verified. The defaults suit an app in production.
    ///
    /// ```swift
    /// var remote = RemoteConfiguration()
    /// remote.publicKeys = [try PublicKey(text: shippedKey)]
    /// remote.requireSignature = true
    /// remote.fallback = Behaviour(name: "bundled.json", bytes: bundledBytes)
    /// remote.minimumFetchInterval = 12 * 3600
    /// ```
    public struct RemoteConfiguration: Sendable {
        /// Where the last good copies live (``BehaviourCache/defaultDirectory`` by default).
        public var cacheDirectory: String = BehaviourCache.defaultDirectory
        /// The largest body accepted, enforced while it streams in. Default 1 MiB.
        public var maximumSize: Int = 1 << 20
        /// Seconds to establish a connection. Default 5.
        public var connectTimeout: Double = 5
        /// Seconds for the whole fetch, redirects and body included. Default 15.
        public var timeout: Double = 15
        /// Redirects followed before giving up. Default 5.
        public var maximumRedirects: Int = 5
        /// Plain `http://` is refused unless this is set (on the first URL and on every redirect).
        public var allowHTTP = false
        /// Within this many seconds of the last confirmed fetch, the cached copy is used without a request.
        /// Default 0: every load revalidates.
        public var minimumFetchInterval: Double = 0
        /// How long a load waits for the fresh copy when a cached one can run: nil (the default) waits
        /// for the fetch, up to ``timeout``; 0 runs the cached copy at once. When the wait runs out the
        /// fetch goes on (``RemoteBehaviour/refresh``), and a fresh copy it brings is checked and kept
        /// for the next load. With no cached copy a load always waits.
        public var maximumWait: Double?
        /// Revalidate now even within ``minimumFetchInterval``.
        public var refresh = false
        /// Keys whose signatures are accepted (several during a rotation). When any are given, `URL.sig` is
        /// fetched and a signature that none of them made is refused.
        public var publicKeys: [PublicKey] = []
        /// Refuse copies without a valid signature (needs ``publicKeys``).
        public var requireSignature = false
        /// Headers every request sends besides the loader's own (`Authorization`, an API key); one
        /// named `User-Agent` or `Accept` replaces the loader's. The loader's `User-Agent` is
        /// `Behave/VERSION (PLATFORM)`.
        public var headers: [(name: String, value: String)] = []
        /// A PEM file of the certificate authorities to trust for https, instead of the system's
        /// (`--ca-file`): a company's own authority, or a test's. Used by the default transport.
        public var certificateAuthorities: String?
        /// What makes the requests: nil for ``AsyncHTTPClientTransport`` (made for each load and
        /// shut down after it); an app's own for `URLSession`, a proxy, or pinning.
        public var transport: (any BehaviourTransport)?
        /// What names the `validate` function a load is given, when its verdicts may be remembered:
        /// the cache then keeps, per copy's SHA-256 and this name, that the copy passed, and does not
        /// validate the same bytes again. Change it whenever validation may decide otherwise (the
        /// app's version, its modules, strictness). nil (the default) validates every copy at every load.
        public var validatorIdentity: String?
        /// What runs when neither a fresh nor a cached copy can: the app's bundled default.
        public var fallback: Behaviour?

        public init() {}
    }
#endif
