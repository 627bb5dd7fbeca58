#if Remote
    import Behave

    /// A loaded remote behaviour, with where the copy came from and why.
    public struct RemoteBehaviour: Sendable {
        /// Which copy runs.
        public enum Origin: String, Sendable {
            /// Downloaded now.
            case downloaded
            /// The server confirmed the cached copy (304).
            case notModified
            /// The cached copy, used without a request inside the minimum fetch interval.
            case withinInterval
            /// The last good copy, because the fresh one could not be had (see ``RemoteBehaviour/problem``).
            case lastGoodCopy
            /// The configured fallback, because there was neither a fresh nor a cached copy.
            case fallback
            /// The cached copy, at once, while the fetch goes on (``RemoteBehaviour/refresh``):
            /// ``RemoteConfiguration/maximumWait`` passed first.
            case cachedWhileRefreshing
        }

        /// The URL asked for.
        public var url: String
        /// What runs: exact bytes and format; named after the URL, or after the fallback file.
        public var behaviour: Behaviour
        public var origin: Origin
        /// Why the fresh copy was not used (`lastGoodCopy`, `fallback`).
        public var problem: RemoteProblem?
        /// When the copy was last confirmed by the server (cached copies).
        public var fetchedAt: Double?
        /// The key that signed it, when it was verified.
        public var signer: PublicKey?
        /// Things worth saying that did not stop the load (a damaged cache file, a cache that cannot be written).
        public var notes: [String] = []
        /// The fetch still running when the load returned (``Origin/cachedWhileRefreshing``).
        public var refresh: BackgroundRefresh?
        /// Whether this copy runs for the first time (downloaded now, or fetched in the background and
        /// current from this load): if its run fails, ``RemoteLoader/quarantine(_:because:)`` sets it aside.
        public var isFirstRun = false

        /// The one line that says what happened, for copies that are not current; nil otherwise.
        public var warning: String? {
            guard let problem else { return nil }
            switch origin {
            case .lastGoodCopy:
                let age = fetchedAt.map { " (confirmed \(RemoteBehaviour.describeAge(since: $0)) ago)" } ?? ""
                return "\(url): \(problem); running the last good copy\(age)"
            case .fallback:
                return "\(url): \(problem); no cached copy, running the fallback \(behaviour.name)"
            default:
                return nil
            }
        }

        static func describeAge(since time: Double) -> String {
            let seconds = max(0, WallClock.now() - time)
            // Only a time read back whole reaches here; anything else has no age to convert.
            guard WallClock.isTime(seconds) else { return "an unknown time" }
            if seconds < 120 { return "\(Int(seconds)) s" }
            if seconds < 7200 { return "\(Int(seconds / 60)) min" }
            if seconds < 172_800 { return "\(Int(seconds / 3600)) h" }
            return "\(Int(seconds / 86400)) days"
        }
    }
#endif
