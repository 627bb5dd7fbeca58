#if Remote
    import Behave
    import BehavePlatform

    #if canImport(FoundationEssentials)
        import FoundationEssentials
    #else
        import Foundation
    #endif

    /// The loader's side of a fetch, over any ``BehaviourTransport``: the headers every request
    /// carries, https unless allowed, redirects counted and checked one by one, one deadline for the
    /// whole fetch.
    struct HTTPFetcher: Sendable {
        let configuration: RemoteConfiguration
        let transport: any BehaviourTransport
        /// Whether the transport is the loader's own, to shut down when the fetch is over.
        private let owned: Bool

        /// What every request says about its sender, unless the configuration names its own.
        static let userAgent = "Behave/\(BehaveVersion.current) (\(Platform.name))"

        init(configuration: RemoteConfiguration) throws(RemoteProblem) {
            self.configuration = configuration
            if let transport = configuration.transport {
                self.transport = transport
                owned = false
            } else {
                transport = try AsyncHTTPClientTransport(
                    connectTimeout: configuration.connectTimeout,
                    certificateAuthorities: configuration.certificateAuthorities)
                owned = true
            }
        }

        func shutdown() async { if owned { await transport.shutdown() } }

        /// Fetches `url`, following redirects, reading the body of a 200 up to `maximumSize` bytes,
        /// all before `deadline` (`WallClock` seconds).
        func get(
            _ url: String, headers extra: [(String, String)] = [], maximumSize: Int, deadline: Double
        ) async throws(RemoteProblem) -> TransportResponse {
            var current = url
            var redirects = 0
            var headers: [(name: String, value: String)] = []
            let own = Set(configuration.headers.map { $0.name.lowercased() })
            if !own.contains("user-agent") { headers.append(("User-Agent", Self.userAgent)) }
            if !own.contains("accept") {
                headers.append(("Accept", "application/json, text/x-lua, text/plain;q=0.5, */*;q=0.1"))
            }
            headers += configuration.headers
            headers += extra.map { (name: $0.0, value: $0.1) }
            while true {
                try checkScheme(current, redirected: redirects > 0)
                let left = deadline - WallClock.now()
                guard left > 0 else { throw .timedOut(seconds: configuration.timeout) }
                let request = TransportRequest(url: current, headers: headers, maximumSize: maximumSize, timeout: left)
                let transport = self.transport
                // The deadline is kept here, by a timer, and not left to the transport: a server that
                // sends its headers and then nothing, or a transport that ignores its timeout, ends
                // the fetch at the deadline all the same.
                let answer = await Race.within(left) { () async -> Result<TransportResponse, RemoteProblem> in
                    do throws(RemoteProblem) { return .success(try await transport.get(request)) } catch {
                        return .failure(error)
                    }
                }
                let response: TransportResponse
                switch answer {
                case .success(let received)?: response = received
                // The transport knows the seconds that were left; the reader knows --timeout.
                case .failure(.timedOut)?, nil: throw .timedOut(seconds: configuration.timeout)
                case .failure(let problem)?: throw problem
                }
                let status = response.status
                guard [301, 302, 303, 307, 308].contains(status) else { return response }
                guard let location = response.header("location"),
                    let next = URL(string: location, relativeTo: URL(string: current))?.absoluteString
                else {
                    throw .protocolError("the server answered \(status) without a usable Location")
                }
                redirects += 1
                guard redirects <= configuration.maximumRedirects else {
                    throw .redirect("more than \(configuration.maximumRedirects) redirects (--max-redirects)")
                }
                current = next
            }
        }

        private func checkScheme(_ url: String, redirected: Bool) throws(RemoteProblem) {
            let lower = url.lowercased()
            if lower.hasPrefix("https://") { return }
            if lower.hasPrefix("http://") {
                if configuration.allowHTTP { return }
                throw .redirect(
                    redirected
                        ? "a redirect leads to plain http (\(url)) and --allow-http is not set"
                        : "plain http is refused without --allow-http")
            }
            throw .redirect("\(url) is not an http or https URL")
        }
    }
#endif
