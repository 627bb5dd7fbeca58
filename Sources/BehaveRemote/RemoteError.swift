#if Remote
    /// Why a remote behaviour could not be loaded at all: nothing runs.
    public enum RemoteError: Error, Sendable, CustomStringConvertible {
        /// The URL itself is refused (not http/https, or plain http without `allowHTTP`); nothing was fetched.
        case refusedURL(String, reason: String)
        /// The fresh copy could not be had, and there is no usable cached copy and no fallback.
        /// `notes` are the load's other findings (a damaged cache file, say), as in ``RemoteBehaviour/notes``.
        case nothingToRun(url: String, problem: RemoteProblem, fallbackProblem: String?, notes: [String])

        public var description: String {
            switch self {
            case .refusedURL(let url, let reason):
                return "\(url): \(reason)"
            case .nothingToRun(let url, let problem, let fallbackProblem, _):
                if let fallbackProblem {
                    return
                        "\(url): \(problem); no cached copy, and the fallback cannot run: \(fallbackProblem); nothing ran"
                }
                return "\(url): \(problem); no cached copy and no fallback; nothing ran"
            }
        }
    }
#endif
